import { Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { loginSchema, type LoginInput } from '@kc/domain';
import { zodRule } from '../../shared/forms/zod-rule';
import { useAdminTitle } from '../layout/handle';
import { useAdminLogin } from './api';
import s from './LoginPage.module.css';

/**
 * Only in-app paths are followed after login (`redirect=//evil.example` would make this page
 * an open redirect); the login page itself leads to the dashboard.
 */
export function safeAdminRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value === '/login' || value.startsWith('/login?') ? '/' : value;
}

/** /admin/login: the operator's username and password; then back where they were going. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeAdminRedirect(params.get('redirect'));
  const login = useAdminLogin();
  useAdminTitle('登录');

  const submit = (input: LoginInput) =>
    login.mutate(input, { onSuccess: (who) => who && void navigate(redirectTo, { replace: true }) });

  return (
    <div className={s.stage}>
      <Card className={s.card}>
        <div className={s.brand}>
          <span className={s.mark}>康</span>
          <div>
            <Typography.Title level={3} className={s.title}>
              康采医药网运营后台
            </Typography.Title>
            <Typography.Text type="secondary">商品 · 库存 · 会员 · 订单 · 合规记录</Typography.Text>
          </div>
        </div>
        <Form<LoginInput> layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item name="username" label="用户名" rules={[zodRule(loginSchema.shape.username, '用户名')]}>
            <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[zodRule(loginSchema.shape.password, '密码')]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入密码"
              autoComplete="current-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            登录
          </Button>
        </Form>
      </Card>
      <Typography.Text className={s.foot}>康采医药网 · 仅限授权工作人员使用</Typography.Text>
    </div>
  );
}
