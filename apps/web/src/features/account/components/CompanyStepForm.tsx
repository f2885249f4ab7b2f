import { Checkbox, Form, Input, Select } from 'antd';
import type { FormInstance } from 'antd';
import { COMPANY_TYPES, SCOPE_CLASSES, registerCompanySchema, type RegisterCompanyInput } from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import s from './RegisterFrame.module.css';

const shape = registerCompanySchema.shape;
const rules = {
  company: [zodRule(shape.company, '企业名称')],
  company_type: [zodRule(shape.company_type, '企业类型')],
  contact: [zodRule(shape.contact, '联系人')],
  contact_phone: [zodRule(shape.contact_phone, '联系电话')],
  region: [zodRule(shape.region, '所在地区')],
  address: [zodRule(shape.address, '详细地址')],
  business_licence_no: [zodRule(shape.business_licence_no, '营业执照号')],
  drug_licence_no: [zodRule(shape.drug_licence_no, '药品经营许可证号')],
  scope: [zodRule(shape.scope, '经营范围')],
};

export type CompanyStepValues = Omit<RegisterCompanyInput, 'scope'> & { scope: string[] };

interface Props {
  form: FormInstance<CompanyStepValues>;
  onSubmit: (values: CompanyStepValues) => void;
}

/** Step 2 of registration: the company, its licence numbers and its business scope. */
export function CompanyStepForm({ form, onSubmit }: Props) {
  return (
    <Form<CompanyStepValues>
      form={form}
      name="register-company"
      className={s.form}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 18 }}
      requiredMark={false}
      onFinish={onSubmit}
    >
      <Form.Item label="企业名称" name="company" rules={rules.company}>
        <Input placeholder="与营业执照一致" />
      </Form.Item>
      <Form.Item label="企业类型" name="company_type" rules={rules.company_type}>
        <Select aria-label="企业类型" options={COMPANY_TYPES.map((t) => ({ value: t, label: t }))} />
      </Form.Item>
      <Form.Item label="联系人" name="contact" rules={rules.contact}>
        <Input />
      </Form.Item>
      <Form.Item label="联系电话" name="contact_phone" rules={rules.contact_phone}>
        <Input placeholder="手机或固定电话，如 0571-88886666" />
      </Form.Item>
      <Form.Item label="所在地区" name="region" rules={rules.region}>
        <Input placeholder="省/市/区，如 浙江省杭州市西湖区" />
      </Form.Item>
      <Form.Item label="详细地址" name="address" rules={rules.address}>
        <Input />
      </Form.Item>
      <Form.Item label="营业执照号" name="business_licence_no" rules={rules.business_licence_no}>
        <Input placeholder="统一社会信用代码" />
      </Form.Item>
      <Form.Item label="药品经营许可证号" name="drug_licence_no" rules={rules.drug_licence_no}>
        <Input placeholder="诊所、医院填写医疗机构执业许可证号" />
      </Form.Item>
      <Form.Item label="经营范围" name="scope" rules={rules.scope}>
        <Checkbox.Group options={SCOPE_CLASSES.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
    </Form>
  );
}
