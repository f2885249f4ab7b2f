import { Form, InputNumber, Table } from 'antd';
import type { OrderLineView } from '@kc/domain';
import { LotList } from './LotList';
import s from './order.module.css';

/** At most what may still be returned of the line, in whole units; 0 or empty leaves it out. */
const numberRule = (line: OrderLineView) => ({
  validator: async (_: unknown, value: number | null | undefined) => {
    if (value == null || value === 0) return;
    if (!Number.isInteger(value) || value < 0) throw new Error('请输入正确的数量');
    if (value > line.returnable_number) throw new Error(`最多可退${line.returnable_number}${line.bzdw}`);
  },
});

/** The returnable lines, each with the quantity to return (form field `numbers.{line id}`). */
export function ReturnLinesField({ lines }: { lines: OrderLineView[] }) {
  return (
    <Table<OrderLineView>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={lines}
      className={s.section}
      columns={[
        {
          title: '商品',
          key: 'goods',
          render: (_, l) => (
            <>
              <div className={s.name}>{l.name}</div>
              <div className={s.muted}>
                {l.ypgg} {l.sccj}
              </div>
              <LotList lots={l.lots} unit={l.bzdw} />
            </>
          ),
        },
        { title: '已购', key: 'number', width: 70, render: (_, l) => `${l.number}${l.bzdw}` },
        { title: '可退', key: 'returnable', width: 70, render: (_, l) => `${l.returnable_number}${l.bzdw}` },
        {
          title: '退货数量',
          key: 'qty',
          width: 150,
          render: (_, l) => (
            <Form.Item name={['numbers', String(l.id)]} rules={[numberRule(l)]} style={{ margin: 0 }}>
              <InputNumber aria-label={`${l.name} 退货数量`} min={0} precision={0} placeholder="0" />
            </Form.Item>
          ),
        },
      ]}
    />
  );
}
