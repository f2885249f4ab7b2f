import { Card, Table, Tag, type TableColumnsType } from 'antd';
import type { CheckOrderLineView, WarehouseGroupView } from '@kc/domain';
import { LineReductions } from '../../../shared/cart/LineReductions';
import { LotExpiryNote } from '../../../shared/member/LotExpiryNote';
import s from './checkout.module.css';

const columns: TableColumnsType<CheckOrderLineView> = [
  {
    title: '商品名称',
    dataIndex: 'name',
    render: (name: string, line) => (
      <>
        {name}
        {line.is_hm === 1 && (
          <Tag color="red" style={{ marginLeft: 6 }}>
            含麻
          </Tag>
        )}
        {line.gift_data && line.gift_data.total > 0 && (
          <div className={s.hint}>赠品 {line.gift_data.total}</div>
        )}
        <LotExpiryNote expiry={line.lot_expiry} />
      </>
    ),
  },
  { title: '规格', dataIndex: 'ypgg' },
  { title: '厂家', dataIndex: 'sccj' },
  {
    title: '单价',
    dataIndex: 'price',
    render: (price: string, line) => (
      <>
        ¥{price}
        {line.raw_price !== price && (
          <div className={s.hint}>
            <s>¥{line.raw_price}</s>
          </div>
        )}
        <LineReductions reductions={line.reductions} />
      </>
    ),
  },
  { title: '数量', dataIndex: 'number', render: (n: number, line) => `${n}${line.bzdw}` },
  { title: '小计', dataIndex: 'amount', align: 'right', render: (amount: string) => `¥${amount}` },
];

/** 商品清单: the lines to order, one table per warehouse (each ships on its own). */
export function WarehouseLines({ warehouses }: { warehouses: WarehouseGroupView<CheckOrderLineView>[] }) {
  return (
    <Card title="商品清单" size="small" className={s.section}>
      {warehouses.map((w) => (
        <section key={w.ck_id} className={s.warehouse} aria-label={w.name}>
          <div className={s.warehouseHead}>
            <span>{w.name}</span>
            <span>小计：¥{w.amount}</span>
          </div>
          <Table<CheckOrderLineView>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={w.lines}
            pagination={false}
          />
        </section>
      ))}
    </Card>
  );
}
