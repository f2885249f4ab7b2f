import { Alert } from 'antd';
import { Link } from 'react-router';
import { needsRegister } from '../api/wechat-login';

interface Props {
  pending: boolean;
  error: unknown;
}

/**
 * Where a WeChat login stands after the provider came back to /login with `?code=…`. A WeChat
 * without an account is offered registration; other failures say why.
 */
export function WechatLoginNotice({ pending, error }: Props) {
  if (pending) return <Alert type="info" showIcon title="正在使用微信登录…" style={{ marginBottom: 16 }} />;
  if (!error) return null;
  return needsRegister(error) ? (
    <Alert
      type="info"
      showIcon
      title="该微信尚未绑定账号"
      description="请先注册并授权微信；已有账号请登录后在「绑定微信」中绑定。"
      action={<Link to="/register/wechat">微信注册</Link>}
      style={{ marginBottom: 16 }}
    />
  ) : (
    <Alert
      type="error"
      showIcon
      title={error instanceof Error ? error.message : '微信登录失败'}
      style={{ marginBottom: 16 }}
    />
  );
}
