import { Form, InputNumber, Select, Typography } from 'antd';
import {
  STOCK_LEDGER_COLUMNS,
  STOCK_MOVEMENT_KINDS,
  STOCK_MOVEMENT_LABELS,
  type StockLedgerRow,
} from '@kc/domain';
import { ReportPage } from '../components/ReportPage';

const KIND_OPTIONS = STOCK_MOVEMENT_KINDS.map((k) => ({ value: k, label: STOCK_MOVEMENT_LABELS[k] }));

/** 库存台账: every movement of stock, with the balance after it. */
export function StockLedgerPage() {
  return (
    <ReportPage<StockLedgerRow>
      name="stock_ledger"
      columns={STOCK_LEDGER_COLUMNS}
      keywordPlaceholder="药品名称、批准文号、批号、单据号、原因"
      note="每一次入库、调整、销售、取消、退货都记一行，结存为该商品变动后的库存。"
      extraFilters={
        <>
          <Form.Item name="kind" label="类型">
            <Select allowClear placeholder="全部" options={KIND_OPTIONS} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="goods_id" label="商品ID">
            <InputNumber min={1} precision={0} placeholder="全部" style={{ width: 110 }} />
          </Form.Item>
        </>
      }
      render={{
        quantity: (v) => {
          const n = Number(v);
          return <Typography.Text type={n < 0 ? 'danger' : 'success'}>{n > 0 ? `+${n}` : n}</Typography.Text>;
        },
      }}
    />
  );
}
