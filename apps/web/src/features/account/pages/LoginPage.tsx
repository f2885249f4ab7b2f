import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Segmented } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoginInput, SmsLoginInput } from '@kc/domain';
import { useLogin } from '../api/login';
import { useSmsLogin } from '../api/sms-login';
import { useWechatLogin } from '../api/wechat-login';
import { useLoginAd } from '../api/login-ad';
import { LoginForm } from '../components/LoginForm';
import { SmsLoginForm } from '../components/SmsLoginForm';
import { WechatLoginNotice } from '../components/WechatLoginNotice';
import { followAuthorize, wechatAuthorize } from '../api/wechat';
import s from './LoginPage.module.css';

/**
 * Only in-app paths are followed after login: `redirect=//evil.example` or a full URL would
 * turn the login page into an open redirect.
 */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value.startsWith('/login') ? '/' : value;
}

/** /login: password or SMS-code login over the operator's login ad (GET /api/focus/login). */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const smsLogin = useSmsLogin();
  const ad = useLoginAd();
  const [mode, setMode] = useState<'password' | 'sms'>('password');

  const redirectTo = safeRedirect(params.get('redirect'));
  const done = useCallback(() => void navigate(redirectTo, { replace: true }), [navigate, redirectTo]);
  const wechatCode = params.get('code');
  const wechatLogin = useWechatLogin();
  // The provider's code is single use: try it once, even if the effect runs twice.
  const triedCode = useRef<string | null>(null);
  const { mutate: loginWithWechat } = wechatLogin;
  useEffect(() => {
    if (!wechatCode || triedCode.current === wechatCode) return;
    triedCode.current = wechatCode;
    loginWithWechat(wechatCode, { onSuccess: done });
  }, [wechatCode, loginWithWechat, done]);
  const submit = (input: LoginInput) => login.mutate(input, { onSuccess: done });
  const submitSms = (input: SmsLoginInput) => smsLogin.mutate(input, { onSuccess: done });
  const footer = (
    <div style={{ marginTop: 12, textAlign: 'center', fontSize: 13, color: '#888' }}>
      其他方式：
      <Button
        type="link"
        size="small"
        icon={<WechatOutlined style={{ color: '#07c160' }} />}
        aria-label="使用微信授权"
        onClick={() =>
          void wechatAuthorize('login')
            .then((view) => followAuthorize(view, (to) => void navigate(to)))
            // The client has shown why authorising failed.
            .catch(() => undefined)
        }
      >
        微信
      </Button>
    </div>
  );
  const switcher = (
    <>
      {wechatCode && <WechatLoginNotice pending={wechatLogin.isPending} error={wechatLogin.error} />}
      <Segmented
        block
        value={mode}
        onChange={(v) => setMode(v === 'sms' ? 'sms' : 'password')}
        options={[
          { value: 'password', label: '密码登录' },
          { value: 'sms', label: '短信登录' },
        ]}
        style={{ marginBottom: 20 }}
      />
    </>
  );

  return (
    <div className={s.stage} style={ad ? { backgroundImage: `url(${ad.image})` } : undefined}>
      <div className={s.inner}>
        {ad?.url ? (
          <a className={s.adLink} href={ad.url} aria-label={ad.title ?? '登录页广告'} />
        ) : (
          <div className={s.slogan}>
            <strong>正品保障 · 极速配送</strong>
            <span>面向药店、诊所的一站式医药采购平台</span>
          </div>
        )}
        {mode === 'password' ? (
          <LoginForm switcher={switcher} footer={footer} pending={login.isPending} onSubmit={submit} />
        ) : (
          <SmsLoginForm
            switcher={switcher}
            footer={footer}
            pending={smsLogin.isPending}
            onSubmit={submitSms}
          />
        )}
      </div>
    </div>
  );
}
