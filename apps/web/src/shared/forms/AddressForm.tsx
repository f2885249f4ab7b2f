import { Checkbox, Form, Input, Modal } from 'antd';
import { addressSchema, type AddressInput, type AddressView } from '@kc/domain';
import { zodRule } from './zod-rule';

const shape = addressSchema.shape;
const rules = {
  consignee: [zodRule(shape.consignee, '收货人')],
  phone: [zodRule(shape.phone, '手机号码')],
  region: [zodRule(shape.region, '所在地区')],
  address: [zodRule(shape.address, '详细地址')],
};

type Values = Omit<AddressInput, 'is_default'> & { is_default: boolean };

interface Props {
  /** The address being edited, or null for a new one. */
  editing: AddressView | null;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (input: AddressInput) => void;
}

/** The address dialog: region, detail, consignee and mobile, checked with the shared schema. */
export function AddressForm({ editing, open, pending, onCancel, onSubmit }: Props) {
  const [form] = Form.useForm<Values>();
  return (
    <Modal
      title={editing ? '编辑收货地址' : '新增收货地址'}
      open={open}
      okText="保存"
      cancelText="取消"
      confirmLoading={pending}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      forceRender
    >
      <Form<Values>
        form={form}
        name="address"
        labelCol={{ span: 5 }}
        preserve={false}
        initialValues={editing ? { ...editing, is_default: editing.is_default === 1 } : { is_default: false }}
        onFinish={(v) => onSubmit({ ...v, is_default: v.is_default ? 1 : 0 })}
      >
        <Form.Item label="收货人" name="consignee" rules={rules.consignee}>
          <Input />
        </Form.Item>
        <Form.Item label="手机号码" name="phone" rules={rules.phone}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item label="所在地区" name="region" rules={rules.region}>
          <Input placeholder="省/市/区，如 浙江省杭州市西湖区" />
        </Form.Item>
        <Form.Item label="详细地址" name="address" rules={rules.address}>
          <Input.TextArea rows={2} placeholder="街道、门牌号" />
        </Form.Item>
        <Form.Item name="is_default" valuePropName="checked" wrapperCol={{ offset: 5 }}>
          <Checkbox>设为默认收货地址</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
