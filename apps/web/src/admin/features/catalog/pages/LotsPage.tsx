import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Button,
  Card,
  Checkbox,
  Input,
  Segmented,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { AdminLotRow } from '@kc/domain';
import { showYuan, useCan, usePagedTable } from '../../../shared';
import { LOTS_PATH } from '../api';
import { ExpiryTag } from '../components/labels';
import { AdjustModal, ReceiveModal } from '../components/LotModals';

type Expiry = 'all' | 'near' | 'expired';

/** 批号库存: every lot with its expiry state; 入库 and 调整 for the warehouse. */
export function LotsPage() {
  const [params, setParams] = useSearchParams();
  const goodsId = Number(params.get('goods_id')) || undefined;
  const expiry = (
    ['near', 'expired'].includes(params.get('expiry') ?? '') ? params.get('expiry') : 'all'
  ) as Expiry;
  const can = useCan();
  const receiver = can('stock.receive');
  const [keyword, setKeyword] = useState('');
  const [inStock, setInStock] = useState(false);
  const [receiving, setReceiving] = useState(false);
  const [adjusting, setAdjusting] = useState<AdminLotRow | null>(null);
  const { tableProps } = usePagedTable<AdminLotRow>(LOTS_PATH, {
    goods_id: goodsId,
    expiry: expiry === 'all' ? undefined : expiry,
    keyword: keyword || undefined,
    in_stock: inStock ? 1 : undefined,
  });
  const set = (k: string, v: string | undefined) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next);
  };

  const columns: TableColumnsType<AdminLotRow> = [
    {
      title: '商品',
      dataIndex: 'goods_name',
      width: 200,
      render: (n: string, l) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/goods/${l.goods_id}`}>{n}</Link>
          <Typography.Text type="secondary">
            {l.ypgg} · {l.sccj}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '批号', dataIndex: 'batch_no', width: 120 },
    { title: '生产日期', dataIndex: 'produced_on', width: 110 },
    {
      title: '有效期至',
      dataIndex: 'expires_on',
      width: 170,
      render: (d: string, l) => (
        <Space>
          {d}
          <ExpiryTag expired={l.expired} near={l.near_expiry} />
        </Space>
      ),
    },
    { title: '结存', dataIndex: 'quantity', width: 80 },
    { title: '入库数量', dataIndex: 'received_quantity', width: 90 },
    { title: '仓库', dataIndex: 'warehouse', width: 80 },
    { title: '供货单位', dataIndex: 'supplier', width: 160, ellipsis: true, render: (s: string) => s || '—' },
    {
      title: '进价',
      dataIndex: 'unit_cost',
      width: 90,
      render: (c: string) => (c === '0.00' ? '—' : showYuan(c)),
    },
    {
      title: '入库',
      dataIndex: 'received_at',
      width: 150,
      render: (at: string, l) => `${at.slice(0, 10)} ${l.received_by || ''}`,
    },
    {
      title: '操作',
      key: 'op',
      width: 130,
      fixed: 'right',
      render: (_: unknown, l) => (
        <Space>
          {receiver && (
            <Button type="link" size="small" onClick={() => setAdjusting(l)}>
              调整
            </Button>
          )}
          <Link to={`/stock-ledger?goods_id=${l.goods_id}`}>台账</Link>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="批号库存"
      extra={
        receiver && (
          <Button type="primary" onClick={() => setReceiving(true)}>
            采购入库
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<Expiry>
          value={expiry}
          onChange={(v) => set('expiry', v === 'all' ? undefined : v)}
          options={[
            { value: 'all', label: '全部' },
            { value: 'near', label: '近效期' },
            { value: 'expired', label: '已过期' },
          ]}
        />
        <Input.Search
          allowClear
          placeholder="批号，或商品名/拼音首字母"
          aria-label="搜索批号"
          style={{ width: 260 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        <Checkbox checked={inStock} onChange={(e) => setInStock(e.target.checked)}>
          只看有库存
        </Checkbox>
        {goodsId && (
          <Button size="small" onClick={() => set('goods_id', undefined)}>
            商品 #{goodsId} ✕
          </Button>
        )}
      </Space>
      <Table<AdminLotRow> rowKey="id" size="middle" columns={columns} scroll={{ x: 1400 }} {...tableProps} />
      <ReceiveModal open={receiving} goodsId={goodsId} onClose={() => setReceiving(false)} />
      <AdjustModal lot={adjusting} onClose={() => setAdjusting(null)} />
    </Card>
  );
}
