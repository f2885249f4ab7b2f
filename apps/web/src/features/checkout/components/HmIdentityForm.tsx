import { Alert, Card, Form, Input, type FormInstance } from 'antd';
import { hmPurchaserSchema } from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import type { HmPurchaser } from '../api/pay';
import s from './checkout.module.css';

const shape = hmPurchaserSchema.shape;
const rules = {
  purchaser_name: [zodRule(shape.purchaser_name, '购买人姓名')],
  purchaser_id_no: [zodRule(shape.purchaser_id_no, '身份证号')],
  purchaser_phone: [zodRule(shape.purchaser_phone, '手机号码')],
};

/** The purchaser's identity, recorded as the rules for 含麻黄碱类复方制剂 require. */
export function HmIdentityForm({ form }: { form: FormInstance<HmPurchaser> }) {
  return (
    <Card title="购买人身份信息" size="small" className={s.section}>
      <Alert
        className={s.notice}
        type="warning"
        showIcon
        title="本订单含含麻黄碱类复方制剂"
        description="根据国家有关规定，购买含麻黄碱类复方制剂须登记购买人的姓名、身份证号和联系电话，购买记录将与购买人身份一并留存备查。"
      />
      <Form<HmPurchaser>
        form={form}
        name="hm-purchaser"
        aria-label="购买人身份信息"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 10 }}
      >
        <Form.Item label="购买人姓名" name="purchaser_name" rules={rules.purchaser_name}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label="身份证号" name="purchaser_id_no" rules={rules.purchaser_id_no}>
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item label="手机号码" name="purchaser_phone" rules={rules.purchaser_phone}>
          <Input maxLength={11} />
        </Form.Item>
      </Form>
    </Card>
  );
}
