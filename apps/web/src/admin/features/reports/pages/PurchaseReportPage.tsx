import { Form, Input } from 'antd';
import { PURCHASE_REPORT_COLUMNS, type PurchaseReportRow } from '@kc/domain';
import { ReportPage } from '../components/ReportPage';

/** 购进记录 (GSP): every lot as received, with supplier and purchase price. */
export function PurchaseReportPage() {
  return (
    <ReportPage<PurchaseReportRow>
      name="purchases"
      columns={PURCHASE_REPORT_COLUMNS}
      keywordPlaceholder="药品名称、批准文号、生产企业、批号"
      note="按收货日期记录每个入库批号；已下架商品的记录同样保留。"
      extraFilters={
        <Form.Item name="supplier" label="供货单位">
          <Input allowClear placeholder="供货单位名称" style={{ width: 200 }} maxLength={50} />
        </Form.Item>
      }
      render={{ unit_cost: (v) => `¥${String(v)}`, amount: (v) => `¥${String(v)}` }}
    />
  );
}
