import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { rowsOf } from '../../platform/db.js';
import { LIMITS } from '../../platform/limits.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { requestCode } from '../../test/account-fixtures.js';

let t: TestApp;
const db = () => t.ctx.database.db;
const later = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};
const sentTo = async (mobile: string) => {
  const res = await db().execute(sql`select count(*)::int as n from sms_outbox where mobile = ${mobile}`);
  return rowsOf<{ n: number }>(res)[0]!.n;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
});
afterAll(() => t.close());
// Each test in windows of its own: the address and site limits run for an hour and a day.
beforeEach(() => later(25 * 3600_000));

describe('SMS codes per mobile (1 a minute, 10 a day)', () => {
  it('sends one code when 10 requests for one mobile arrive at once', async () => {
    const c = new Client(t.app, '10.30.0.1');
    await c.get('/api/health');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => requestCode(c, '13700000101', 'register')),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(9);
    expect(await sentTo('13700000101')).toBe(1);
  });
});

describe('SMS codes per address (20 an hour)', () => {
  it('refuses the 21st code from one address, whatever the mobile or X-Forwarded-For', async () => {
    const c = new Client(t.app, '10.30.0.2');
    for (let i = 0; i < 20; i++) {
      c.headers['x-forwarded-for'] = `198.51.100.${i}`;
      expect((await requestCode(c, `137000002${String(i).padStart(2, '0')}`, 'register')).status).toBe(200);
    }
    const refused = await requestCode(c, '13700000299', 'register');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, msg: '获取验证码过于频繁，请1小时后再试' });
    expect(await sentTo('13700000299')).toBe(0);
    later(3600_000);
    expect((await requestCode(c, '13700000299', 'register')).status).toBe(200);
  });
});

describe('SMS codes for the whole site (2000 a day, against SMS pumping)', () => {
  it('refuses every code once the day budget is spent', async () => {
    // The budget spent by 2000 sends from elsewhere, without making them here.
    for (let i = 0; i < LIMITS.smsSiteDay.max; i++) {
      await t.ctx.limits.hit('sms:site-day', LIMITS.smsSiteDay);
    }
    const refused = await requestCode(new Client(t.app, '10.30.0.3'), '13700000301', 'register');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('今日短信发送量已达上限，请明天再试或联系客服');
    expect(await sentTo('13700000301')).toBe(0);
  });
});

describe('registration and code probes per address (30 an hour)', () => {
  it('refuses the 31st probe, whether it asks for a code or registers', async () => {
    const c = new Client(t.app, '10.30.0.4');
    for (let i = 0; i < 15; i++) {
      // Is this mobile registered? The answer tells (the flow sends a taken mobile to 多店注册).
      expect((await requestCode(c, '13800138000', 'register')).status).toBe(409);
      const taken = await c.post('/api/register/account', {
        username: 'demo',
        password: 'Passw0rd123',
        mobile: `137000004${String(i).padStart(2, '0')}`,
        code: '000000',
        agreement: 1,
      });
      expect(taken.status).not.toBe(429);
    }
    const refused = await requestCode(c, '13900139000', 'login');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('操作过于频繁，请1小时后再试');
    expect((await requestCode(new Client(t.app, '10.30.0.5'), '13900139000', 'login')).status).toBe(200);
  });
});
