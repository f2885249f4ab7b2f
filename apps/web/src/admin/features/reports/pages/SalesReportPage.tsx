import { Tag } from 'antd';
import { SALES_REPORT_COLUMNS, type SalesReportRow } from '@kc/domain';
import { ReportPage } from '../components/ReportPage';

/** 销售记录 (GSP): every lot of every shipped order, dated when the goods left. */
export function SalesReportPage() {
  return (
    <ReportPage<SalesReportRow>
      name="sales"
      columns={SALES_REPORT_COLUMNS}
      keywordPlaceholder="药品名称、批准文号、批号、订单号、购货单位"
      note="按发货日期记录：订单发货即为销售，每个批号一行；记录不可删除。"
      render={{
        name: (v, row) => (
          <>
            {String(v)}
            {row.is_gift ? (
              <Tag color="magenta" style={{ marginLeft: 4 }}>
                赠品
              </Tag>
            ) : null}
          </>
        ),
        unit_price: (v) => `¥${String(v)}`,
        amount: (v) => `¥${String(v)}`,
      }}
    />
  );
}
