import { Button, Checkbox, Form, Input, Space } from 'antd';
import { Link } from 'react-router';
import { registerAccountSchema, type RegisterAccountInput, type SmsScene } from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import { createCode } from '../api/sms';
import { SmsCodeButton } from './SmsCodeButton';
import s from './RegisterFrame.module.css';

const shape = registerAccountSchema.shape;
const rules = {
  username: [zodRule(shape.username, '用户名')],
  password: [zodRule(shape.password, '密码')],
  mobile: [zodRule(shape.mobile, '手机号码')],
  code: [zodRule(shape.code, '短信验证码')],
  agreement: [zodRule(shape.agreement, '用户注册协议')],
};

export type AccountStepValues = Omit<RegisterAccountInput, 'agreement' | 'wechat_code'> & {
  agreement: boolean;
};

interface Props {
  scene: Extract<SmsScene, 'register' | 'store'>;
  pending: boolean;
  onSubmit: (values: AccountStepValues) => void;
}

/** Step 1 of registration: username, password, mobile with an SMS code, the agreement. */
export function AccountStepForm({ scene, pending, onSubmit }: Props) {
  const [form] = Form.useForm<AccountStepValues & { confirm: string }>();

  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return false;
    }
    await createCode({ mobile: String(form.getFieldValue('mobile')).trim(), scene });
    return true;
  };

  return (
    <Form
      form={form}
      name={`register-${scene}`}
      className={s.form}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 18 }}
      requiredMark={false}
      onFinish={({ confirm: _confirm, ...values }) => onSubmit(values)}
    >
      <Form.Item
        label="用户名"
        name="username"
        rules={rules.username}
        extra="4-32位字母、数字或下划线，以字母开头"
      >
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item label="设置密码" name="password" rules={rules.password} extra="8-64位，需同时包含字母和数字">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入密码' },
          ({ getFieldValue }) => ({
            validator: async (_r, value: unknown) => {
              if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="手机号码" name="mobile" rules={rules.mobile}>
        <Input autoComplete="tel" maxLength={11} />
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" rules={rules.code} noStyle>
            <Input maxLength={6} aria-label="短信验证码" />
          </Form.Item>
          <SmsCodeButton onSend={sendCode} />
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="agreement"
        valuePropName="checked"
        rules={rules.agreement}
        wrapperCol={{ offset: 6, span: 18 }}
      >
        <Checkbox>
          我已阅读并同意<Link to="/help/fwbz/yhxy">《用户注册协议》</Link>
        </Checkbox>
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 6, span: 18 }}>
        <Button type="primary" htmlType="submit" loading={pending} block>
          下一步
        </Button>
      </Form.Item>
    </Form>
  );
}
