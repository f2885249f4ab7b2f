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

/** How long a development code stays good: WeChat's own codes last five minutes. */
export const DEV_CODE_TTL_S = 300;

/**
 * DEVELOPMENT provider: no WeChat involved. The "authorisation" returns at once to our own page
 * with a code it signed itself (`dev_<user>.<expiry>.<HMAC>`, keyed from the server's payment
 * secret, good for five minutes), so a code it did not issue never logs anyone in. Outside
 * production the caller may name the dev user, and the same dev user always maps to the same
 * openid, so binding and then logging in with WeChat can be tried locally. A production demo
 * (DEV_PROVIDERS=on) ignores the name and issues a fresh user every time: otherwise anyone
 * could ask for a code of the user someone bound and sign in as them.
 */
export class DevWechatProvider implements WechatProvider {
  readonly name = 'dev';
  readonly development = true;
  private readonly key: Buffer;
  constructor(
    secret: string,
    private readonly opts: { chosenUser: boolean; now: () => Date },
  ) {
    this.key = crypto.createHmac('sha256', secret).update('development wechat codes').digest();
  }

  authorizeUrl(purpose: WechatPurpose, state: string, devUser = 'devuser'): string {
    const user = this.opts.chosenUser ? devUser : `guest_${crypto.randomBytes(6).toString('hex')}`;
    const expires = Math.floor(this.opts.now().getTime() / 1000) + DEV_CODE_TTL_S;
    const q = new URLSearchParams({ code: `dev_${user}.${expires}.${this.sign(user, expires)}`, state });
    return `${RETURN_PAGE[purpose]}?${q.toString()}`;
  }

  exchange(code: string): Promise<{ openid: string; nickname: string }> {
    const m = /^dev_([A-Za-z0-9_-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(code);
    const good =
      m !== null &&
      crypto.timingSafeEqual(Buffer.from(m[3]!), Buffer.from(this.sign(m[1]!, Number(m[2])))) &&
      Number(m[2]) * 1000 >= this.opts.now().getTime();
    if (!m || !good) return Promise.reject(business('微信授权已失效，请重新授权'));
    const openid = `dev-${crypto.createHash('sha256').update(m[1]!).digest('hex').slice(0, 28)}`;
    return Promise.resolve({ openid, nickname: `开发测试微信用户 ${m[1]}` });
  }

  private sign(user: string, expires: number): string {
    return crypto.createHmac('sha256', this.key).update(`${user}.${expires}`).digest('base64url');
  }
}
