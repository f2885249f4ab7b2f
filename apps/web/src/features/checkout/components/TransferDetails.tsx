import { Alert, Descriptions } from 'antd';
import type { BankAccountView } from '@kc/domain';
import s from './checkout.module.css';

interface Props {
  bank: BankAccountView;
  /** What to write on the transfer ('' before the transfer was chosen). */
  reference: string;
  payable: string;
}

/** 对公转账: the account to pay into and the reference; the order ships once the money is confirmed. */
export function TransferDetails({ bank, reference, payable }: Props) {
  return (
    <section aria-label="对公转账信息" className={s.section}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="户名">{bank.name}</Descriptions.Item>
        <Descriptions.Item label="开户银行">{bank.bank}</Descriptions.Item>
        <Descriptions.Item label="银行账号">{bank.account}</Descriptions.Item>
        <Descriptions.Item label="转账金额">¥{payable}</Descriptions.Item>
        {reference && <Descriptions.Item label="转账备注">{reference}</Descriptions.Item>}
      </Descriptions>
      <Alert
        className={s.notice}
        style={{ marginTop: 12 }}
        type="info"
        showIcon
        title={reference ? `转账时请在备注中填写：${reference}` : '确认使用对公转账后将生成转账备注'}
        description="财务确认收到款项后，订单将安排发货。"
      />
    </section>
  );
}
