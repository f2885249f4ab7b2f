import { Card, Table, Tag, type TableProps } from 'antd';
import type { OrderDetailView, OrderLineView } from '@kc/domain';
import { LotList } from './LotList';
import s from './order.module.css';

const columns: TableProps<OrderLineView>['columns'] = [
  {
    title: '商品',
    key: 'goods',
    render: (_, l) => (
      <div className={s.line} style={{ border: 0, padding: 0 }}>
        {l.image ? <img src={l.image} alt="" className={s.thumb} loading="lazy" /> : null}
        <div className={s.goods}>
          <div className={s.name}>
            {l.name}
            {l.is_hm === 1 && (
              <Tag color="purple" style={{ marginLeft: 6 }}>
                含麻
              </Tag>
            )}
            {l.combination && <Tag style={{ marginLeft: 6 }}>{l.combination}</Tag>}
          </div>
          <div className={s.muted}>规格：{l.ypgg}</div>
          <div className={s.muted}>厂家：{l.sccj}</div>
          {l.approval_no && <div className={s.muted}>批准文号：{l.approval_no}</div>}
        </div>
      </div>
    ),
  },
  {
    title: '批号 / 有效期',
    key: 'lots',
    width: 260,
    render: (_, l) => <LotList lots={l.lots} unit={l.bzdw} />,
  },
  {
    title: '单价',
    key: 'price',
    width: 100,
    render: (_, l) => (
      <>
        <div>¥{l.price}</div>
        {l.raw_price !== l.price && <del className={s.muted}>¥{l.raw_price}</del>}
      </>
    ),
  },
  { title: '数量', key: 'number', width: 80, render: (_, l) => `${l.number}${l.bzdw}` },
  { title: '小计', dataIndex: 'amount', key: 'amount', width: 100, render: (v: string) => `¥${v}` },
  { title: '实付', dataIndex: 'pay_amount', key: 'pay', width: 100, render: (v: string) => `¥${v}` },
];

/** The order's lines grouped by the warehouse that ships them, each with its lots. */
export function OrderLinesTable({ order }: { order: OrderDetailView }) {
  const byId = new Map(order.lines.map((l) => [l.id, l]));
  return order.warehouses.map((w) => (
    <Card key={w.ck_id} size="small" title={`发货仓库：${w.name}`} className={s.section}>
      <Table<OrderLineView>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={w.line_ids.flatMap((id) => byId.get(id) ?? [])}
      />
    </Card>
  ));
}
