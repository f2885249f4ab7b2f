import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { lastCode, requestCode } from '../../test/account-fixtures.js';

let t: TestApp;
const db = () => t.ctx.database.db;
const browser = async (ip: string) => {
  const c = new Client(t.app, ip);
  await c.get('/api/health');
  return c;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
});
afterAll(() => t.close());

describe('login by mobile and SMS code', () => {
  it('logs into the first store, or the chosen one', async () => {
    const c = await browser('10.5.0.1');
    await requestCode(c, '13800138000', 'login');
    const res = await c.post('/api/login/sms', {
      mobile: '13800138000',
      code: await lastCode(db(), '13800138000'),
    });
    expect(res.body.data.user.username).toBe('demo');
    const stores = (await c.get('/api/user/phone/13800138000')).body.data;
    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    await requestCode(c, '13800138000', 'login');
    const second = await c.post('/api/login/sms', {
      mobile: '13800138000',
      code: await lastCode(db(), '13800138000'),
      store_id: stores[1].id,
    });
    expect(second.body.data.user.username).toBe('demo_bj');
  });

  it('refuses a wrong code and a code of another scene', async () => {
    const c = await browser('10.5.0.2');
    await requestCode(c, '13900139000', 'reset');
    const code = await lastCode(db(), '13900139000');
    const res = await c.post('/api/login/sms', { mobile: '13900139000', code });
    expect(res.body).toMatchObject({ code: 400, msg: '请先获取短信验证码' });
  });
});

describe('forgot password', () => {
  it('verifies the mobile, resets every store’s password, ends their sessions', async () => {
    const old = new Client(t.app, '10.6.0.1');
    await old.login('pending', 'demo123456');
    const c = await browser('10.6.0.2');
    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    await requestCode(c, '13900139000', 'reset');
    const v = await c.post('/api/user/forget/verify', {
      mobile: '13900139000',
      code: await lastCode(db(), '13900139000'),
    });
    expect(v.body.data).toMatchObject({ expires_in: 900, stores: [{ username: 'pending' }] });
    expect(c.cookies.get('kc_reset')).toBe(v.body.data.reset_token);

    expect((await c.post('/api/user/resetPassword', { password: 'weak' })).status).toBe(422);
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    const res = await c.post('/api/user/resetPassword', { password: 'NewPassw0rd' });
    expect(res.body).toMatchObject({ code: 10000, msg: '密码已重置，请重新登录' });
    expect((await old.get('/api/user/base')).status).toBe(401);
    expect((await new Client(t.app, '10.6.0.3').login('pending', 'demo123456')).body.code).toBe(400);
    expect((await new Client(t.app, '10.6.0.4').login('pending', 'NewPassw0rd')).body.code).toBe(10000);
    // The ticket is single use.
    const again = await c.post('/api/user/resetPassword', {
      password: 'Another1pass',
      reset_token: v.body.data.reset_token,
    });
    expect(again.body.msg).toBe('重置链接已失效，请重新验证手机号');
  });

  it('refuses an expired ticket and no ticket', async () => {
    const c = await browser('10.6.1.1');
    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    await requestCode(c, '13800138000', 'reset');
    const v = await c.post('/api/user/forget/verify', {
      mobile: '13800138000',
      code: await lastCode(db(), '13800138000'),
    });
    t.clock.now = new Date(t.clock.now.getTime() + 16 * 60_000);
    const late = await c.post('/api/user/resetPassword', {
      password: 'NewPassw0rd',
      reset_token: v.body.data.reset_token,
    });
    expect(late.body.msg).toBe('重置链接已失效，请重新验证手机号');
    const none = await (
      await browser('10.6.1.2')
    ).post('/api/user/resetPassword', { password: 'NewPassw0rd' });
    expect(none.body.code).toBe(400);
    expect((await new Client(t.app, '10.6.1.3').login('demo', 'demo123456')).body.code).toBe(10000);
  });
});
