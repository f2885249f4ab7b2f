import { Table } from 'antd';
import type { ReturnLineView } from '@kc/domain';
import { LotList } from './LotList';
import s from './order.module.css';

/** The lines of a return with their lots and what each refunds. */
export function ReturnLinesTable({ lines }: { lines: ReturnLineView[] }) {
  return (
    <Table<ReturnLineView>
      rowKey="order_line_id"
      size="small"
      pagination={false}
      dataSource={lines}
      className={s.section}
      columns={[
        {
          title: '商品',
          key: 'goods',
          render: (_, l) => (
            <div className={s.line} style={{ border: 0, padding: 0 }}>
              {l.image ? <img src={l.image} alt="" className={s.thumb} loading="lazy" /> : null}
              <div className={s.goods}>
                <div className={s.name}>{l.name}</div>
                <div className={s.muted}>规格：{l.ypgg}</div>
                <div className={s.muted}>厂家：{l.sccj}</div>
              </div>
            </div>
          ),
        },
        { title: '批号 / 有效期', key: 'lots', width: 250, render: (_, l) => <LotList lots={l.lots} /> },
        { title: '单价', dataIndex: 'price', key: 'price', width: 90, render: (v: string) => `¥${v}` },
        { title: '退货数量', dataIndex: 'number', key: 'number', width: 90 },
        {
          title: '退款金额',
          dataIndex: 'refund_amount',
          key: 'refund',
          width: 110,
          render: (v: string) => <span className={s.money}>¥{v}</span>,
        },
      ]}
    />
  );
}
