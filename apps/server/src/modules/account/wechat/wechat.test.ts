import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../../test/helper.js';
import { DEV_CODE_TTL_S, DevWechatProvider } from '../../../providers/wechat.js';

const EXPIRED = '微信授权已失效，请重新授权';
let t: TestApp;
let demo: Client;
let stranger: Client;

/** The code the development provider's page returns with, for the given dev user. */
async function codeFor(c: Client, user: string, purpose = 'login'): Promise<string> {
  const auth = await c.get(`/api/wechat/authorize?purpose=${purpose}&dev_user=${user}`);
  return new URL(auth.body.data.url, 'http://x').searchParams.get('code')!;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db, t.clock.now);
  demo = new Client(t.app, '10.9.2.1');
  await demo.login('demo', 'demo123456');
  stranger = new Client(t.app, '10.9.2.2');
  await stranger.get('/api/health');
  // demo binds the WeChat user "carol": a forged code for carol would sign in as demo.
  const bound = await demo.post('/api/user/bind_wechat', { code: await codeFor(demo, 'carol', 'bind') });
  expect(bound.body.code).toBe(10000);
});
afterAll(() => t.close());

describe('WeChat codes of the development provider', () => {
  it('log in only with a code the provider issued', async () => {
    const good = await codeFor(stranger, 'carol');
    const [, expires, sig] = good.split('.');
    const forged = [
      'dev_carol', // the unsigned form the provider used to accept
      `dev_mallory.${expires}.${sig}`, // another user under carol's signature
      `dev_carol.${Number(expires) + 3600}.${sig}`, // a later expiry under the same signature
      `dev_carol.${expires}.${'A'.repeat(43)}`, // a made-up signature
    ];
    for (const code of forged) {
      const res = await stranger.post('/api/login/wechat', { code });
      expect(res).toMatchObject({ status: 400, body: { msg: EXPIRED } });
      expect(res.res.cookies.some((c) => c.name === 'kc_session' && c.value)).toBe(false);
    }
    expect((await stranger.post('/api/login/wechat', { code: good })).body.data.user.username).toBe('demo');
  });

  it('expire five minutes after they were issued', async () => {
    const code = await codeFor(stranger, 'carol');
    const at = t.clock.now;
    t.clock.now = new Date(at.getTime() + (DEV_CODE_TTL_S + 1) * 1000);
    try {
      expect((await stranger.post('/api/login/wechat', { code })).body.msg).toBe(EXPIRED);
      const other = new Client(t.app, '10.9.2.3');
      await other.login('pending', 'demo123456');
      expect((await other.post('/api/user/bind_wechat', { code })).body.msg).toBe(EXPIRED);
    } finally {
      t.clock.now = at;
    }
  });
});

describe('the development provider in a production demo (DEV_PROVIDERS=on)', () => {
  it('ignores a chosen dev user, so no one obtains a code for the user someone bound', async () => {
    const now = new Date();
    const prod = new DevWechatProvider('a-production-secret-key', { chosenUser: false, now: () => now });
    const code = (u: string) =>
      new URL(prod.authorizeUrl('login', 's', u), 'http://x').searchParams.get('code')!;
    const first = code('carol');
    expect(first).toMatch(/^dev_guest_[0-9a-f]{12}\./);
    const a = await prod.exchange(first);
    const b = await prod.exchange(code('carol'));
    expect(a.openid).not.toBe(b.openid);
    // A code signed under another server's key (the development default) is refused.
    const dev = new DevWechatProvider('development-payment-secret', { chosenUser: true, now: () => now });
    const devCode = new URL(dev.authorizeUrl('login', 's', 'carol'), 'http://x').searchParams.get('code')!;
    await expect(prod.exchange(devCode)).rejects.toThrow(EXPIRED);
  });
});
