import { Card, Form, Input, Radio } from 'antd';
import { INVOICE_TYPES, type InvoiceType } from '@kc/domain';
import { invoiceRule, type InvoiceField } from './invoice-rule';
import s from './checkout.module.css';

const FIELDS: { name: InvoiceField; label: string; from: 1 | 2 }[] = [
  { name: 'invoice_title', label: '发票抬头', from: 1 },
  { name: 'tax_no', label: '纳税人识别号', from: 1 },
  { name: 'invoice_bank', label: '开户银行', from: 2 },
  { name: 'invoice_account', label: '银行账号', from: 2 },
  { name: 'invoice_address', label: '注册地址', from: 2 },
  { name: 'invoice_phone', label: '注册电话', from: 2 },
];

interface Props {
  types: { value: InvoiceType; label: string }[];
}

/** 发票信息: none, 普通发票 (title and tax number) or 增值税专用发票 (all the tax details). */
export function InvoiceFields({ types }: Props) {
  const options = (
    types.length > 0 ? types : ([0, 1, 2] as const).map((v) => ({ value: v, label: INVOICE_TYPES[v] }))
  ).map((t) => ({ value: t.value, label: t.label }));
  return (
    <Card title="发票信息" size="small" className={s.section}>
      <Form.Item name="invoice_type" label="发票类型">
        <Radio.Group options={options} aria-label="发票类型" name="invoice_type" />
      </Form.Item>
      <Form.Item noStyle dependencies={['invoice_type']}>
        {({ getFieldValue }) => {
          const type = Number(getFieldValue('invoice_type'));
          return FIELDS.filter((f) => type >= f.from).map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={f.label}
              rules={[invoiceRule(f.name)]}
              dependencies={['invoice_type']}
            >
              <Input />
            </Form.Item>
          ));
        }}
      </Form.Item>
    </Card>
  );
}
