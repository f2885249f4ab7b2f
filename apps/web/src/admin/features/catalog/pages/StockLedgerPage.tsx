import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { chinaDateTime, type LedgerKind, type StockMovementRow } from '@kc/domain';
import { usePagedTable } from '../../../shared';
import { LEDGER_PATH } from '../api';
import { GoodsPicker } from '../components/GoodsPicker';
import { KindTag, kindOptions } from '../components/labels';

const columns: TableColumnsType<StockMovementRow> = [
  { title: '时间', dataIndex: 'created_at', width: 160, render: (at: string) => chinaDateTime(at) },
  {
    title: '商品',
    dataIndex: 'goods_name',
    width: 200,
    render: (n: string, m) => (
      <Link to={`/goods/${m.goods_id}`}>
        {n} {m.ypgg}
      </Link>
    ),
  },
  { title: '批号', dataIndex: 'batch_no', width: 110, render: (b: string) => b || '—' },
  { title: '类型', dataIndex: 'kind', width: 100, render: (k: LedgerKind) => <KindTag kind={k} /> },
  {
    title: '数量',
    dataIndex: 'quantity',
    width: 80,
    render: (q: number) => (
      <Typography.Text type={q < 0 ? 'danger' : 'success'}>{q > 0 ? `+${q}` : q}</Typography.Text>
    ),
  },
  { title: '商品结存', dataIndex: 'stock_after', width: 90 },
  { title: '批号结存', dataIndex: 'lot_after', width: 90, render: (n: number | null) => n ?? '—' },
  { title: '单据', dataIndex: 'ref', width: 170, render: (r: string) => r || '—' },
  { title: '原因', dataIndex: 'reason', ellipsis: true, render: (r: string) => r || '—' },
  { title: '操作人', dataIndex: 'operator', width: 100, render: (o: string) => o || '—' },
];

/** 库存台账: every stock movement (入库、销售、取消、调整…) with the balance after it. */
export function StockLedgerPage() {
  const [params, setParams] = useSearchParams();
  const goodsId = Number(params.get('goods_id')) || undefined;
  const [kind, setKind] = useState<LedgerKind>();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { tableProps } = usePagedTable<StockMovementRow>(LEDGER_PATH, {
    goods_id: goodsId,
    kind,
    from: from || undefined,
    to: to || undefined,
  });
  return (
    <Card title="库存台账">
      <Space wrap style={{ marginBottom: 16 }}>
        <GoodsPicker
          aria-label="台账商品"
          style={{ width: 320 }}
          value={goodsId}
          initialLabel={goodsId ? `商品 #${goodsId}` : undefined}
          onChange={(id) => setParams(id ? { goods_id: String(id) } : {})}
        />
        <Select
          allowClear
          placeholder="变动类型"
          aria-label="变动类型"
          style={{ width: 130 }}
          value={kind}
          onChange={setKind}
          options={kindOptions}
        />
        <Input
          type="date"
          aria-label="开始日期"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          style={{ width: 150 }}
        />
        <span>至</span>
        <Input
          type="date"
          aria-label="结束日期"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          style={{ width: 150 }}
        />
      </Space>
      <Table<StockMovementRow>
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1300 }}
        {...tableProps}
      />
    </Card>
  );
}
