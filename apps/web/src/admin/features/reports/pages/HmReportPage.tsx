import { Tag } from 'antd';
import { HM_REPORT_COLUMNS, type HmReportRow } from '@kc/domain';
import { ReportPage, reportPath } from '../components/ReportPage';

/** 含麻药品销售登记: purchaser identity, batch and the buyer's arrival receipt. */
export function HmReportPage() {
  return (
    <ReportPage<HmReportRow>
      name="hm"
      columns={HM_REPORT_COLUMNS}
      keywordPlaceholder="药品名称、批号、订单号、购货单位、购买人"
      note="含麻黄碱类复方制剂的销售登记。页面上身份证号部分隐藏，导出的Excel为完整号码，供监管检查使用。"
      render={{
        receipt_text: (_v, row) =>
          row.receipt ? (
            <a href={`${reportPath('hm')}/${row.order_id}/receipt`} target="_blank" rel="noreferrer">
              <Tag color="success">已上传回执</Tag>
            </a>
          ) : (
            <Tag color="warning">未上传回执</Tag>
          ),
      }}
    />
  );
}
