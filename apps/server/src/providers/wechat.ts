import crypto from 'node:crypto';
import { business } from '../platform/errors.js';

export type WechatPurpose = 'bind' | 'login' | 'register';

/** WeChat web login (OAuth). A real provider calls open.weixin.qq.com with the app id/secret. */
export interface WechatProvider {
  readonly name: string;
  readonly development: boolean;
  /** Where to send the browser to approve; it comes back to our page with `code` and `state`. */
  authorizeUrl(purpose: WechatPurpose, state: string, devUser?: string): string;
  /** Exchanges the returned code for the user's stable openid. */
  exchange(code: string): Promise<{ openid: string; nickname: string }>;
}

const RETURN_PAGE: Record<WechatPurpose, string> = {
  bind: '/bdwx',
  login: '/login',
  register: '/register/wechat',
};

/**
 * DEVELOPMENT provider: no WeChat involved. The "authorisation" returns at once to our own page
 * with a code `dev_<user>`; the same dev user always maps to the same openid, so binding and
 * then logging in with WeChat can be tried locally.
 */
export class DevWechatProvider implements WechatProvider {
  readonly name = 'dev';
  readonly development = true;
  authorizeUrl(purpose: WechatPurpose, state: string, devUser = 'devuser'): string {
    const q = new URLSearchParams({ code: `dev_${devUser}`, state });
    return `${RETURN_PAGE[purpose]}?${q.toString()}`;
  }
  exchange(code: string): Promise<{ openid: string; nickname: string }> {
    const m = /^dev_([A-Za-z0-9_-]{1,64})$/.exec(code);
    if (!m) return Promise.reject(business('微信授权已失效，请重新授权'));
    const openid = `dev-${crypto.createHash('sha256').update(m[1]!).digest('hex').slice(0, 28)}`;
    return Promise.resolve({ openid, nickname: `开发测试微信用户 ${m[1]}` });
  }
}
