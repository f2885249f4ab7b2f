import type { ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { loginSchema, type LoginInput } from '@kc/domain';
import { zodRule } from '../../../shared/forms/zod-rule';
import s from './LoginForm.module.css';

const usernameRule = zodRule(loginSchema.shape.username, '用户名或手机号');
const passwordRule = zodRule(loginSchema.shape.password, '密码');

interface Props {
  /** The password / SMS-code switch shown under the title. */
  switcher?: ReactNode;
  /** Under the links: other ways in (WeChat). */
  footer?: ReactNode;
  pending: boolean;
  onSubmit: (input: LoginInput) => void;
}

/** Username-or-mobile and password, with the ways to register or recover the password. */
export function LoginForm({ switcher, footer, pending, onSubmit }: Props) {
  return (
    <Form<LoginInput> name="login" size="large" onFinish={onSubmit} className={s.form} requiredMark={false}>
      <h1 className={s.title}>会员登录</h1>
      {switcher}
      <Form.Item name="username" rules={[usernameRule]}>
        <Input
          prefix={<UserOutlined />}
          placeholder="用户名/手机号"
          autoComplete="username"
          aria-label="用户名/手机号"
        />
      </Form.Item>
      <Form.Item name="password" rules={[passwordRule]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="密码"
          autoComplete="current-password"
          aria-label="密码"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        登 录
      </Button>
      <div className={s.links}>
        <Link to="/forget">忘记密码？</Link>
        <Link to="/register">免费注册</Link>
      </div>
      {footer}
    </Form>
  );
}
