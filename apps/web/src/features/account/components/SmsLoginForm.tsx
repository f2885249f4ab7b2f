import type { ReactNode } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { smsLoginSchema, type SmsLoginInput } from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import { createCode } from '../api/sms';
import { SmsCodeButton } from './SmsCodeButton';
import s from './LoginForm.module.css';

const mobileRule = zodRule(smsLoginSchema.shape.mobile, '手机号码');
const codeRule = zodRule(smsLoginSchema.shape.code, '短信验证码');

interface Props {
  switcher?: ReactNode;
  /** Under the links: other ways in (WeChat). */
  footer?: ReactNode;
  pending: boolean;
  onSubmit: (input: SmsLoginInput) => void;
}

/** Mobile and an SMS code (scene `login`), beside the username/password form. */
export function SmsLoginForm({ switcher, footer, pending, onSubmit }: Props) {
  const [form] = Form.useForm<SmsLoginInput>();
  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return false;
    }
    await createCode({ mobile: String(form.getFieldValue('mobile')).trim(), scene: 'login' });
    return true;
  };
  return (
    <Form<SmsLoginInput>
      form={form}
      name="sms-login"
      size="large"
      onFinish={onSubmit}
      className={s.form}
      requiredMark={false}
    >
      <h1 className={s.title}>会员登录</h1>
      {switcher}
      <Form.Item name="mobile" rules={[mobileRule]}>
        <Input
          prefix={<MobileOutlined />}
          placeholder="手机号码"
          maxLength={11}
          autoComplete="tel"
          aria-label="手机号码"
        />
      </Form.Item>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" rules={[codeRule]} noStyle>
            <Input
              prefix={<SafetyOutlined />}
              placeholder="短信验证码"
              maxLength={6}
              aria-label="短信验证码"
            />
          </Form.Item>
          <SmsCodeButton onSend={sendCode} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        登 录
      </Button>
      <div className={s.links}>
        <Link to="/register/wechat">微信注册</Link>
        <Link to="/register">免费注册</Link>
      </div>
      {footer}
    </Form>
  );
}
