import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, createTestAppOn, type TestApp } from '../../test/helper.js';

let t: TestApp;
/** Every test starts in a fresh 15-minute window: the limits count per account across tests. */
const nextWindow = () => {
  t.clock.now = new Date(t.clock.now.getTime() + 16 * 60_000);
};
const wrong = (c: Client, username: string) => c.login(username, 'wrong-password');

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db, t.clock.now);
});
afterAll(() => t.close());
beforeEach(nextWindow);

describe('login limits per account (10 in 15 minutes)', () => {
  it('refuses the 11th attempt with 429 and the §8 envelope, even with the right password', async () => {
    const c = new Client(t.app, '10.20.0.1');
    for (let i = 0; i < 10; i++) expect((await wrong(c, 'demo')).body.code).toBe(400);
    const eleventh = await c.login('demo', 'demo123456');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ code: 429, msg: '登录失败次数过多，请15分钟后再试' });
    nextWindow();
    expect((await c.login('demo', 'demo123456')).body.code).toBe(10000);
  });

  it('lets 30 concurrent wrong passwords verify at most 10 times', async () => {
    const c = new Client(t.app, '10.20.0.2');
    await c.get('/api/health');
    const replies = await Promise.all(Array.from({ length: 30 }, () => wrong(c, 'demo')));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('is not reset by rotating X-Forwarded-For (no TRUST_PROXY)', async () => {
    const c = new Client(t.app, '10.20.0.3');
    for (let i = 0; i < 10; i++) {
      c.headers['x-forwarded-for'] = `198.51.100.${i + 1}`;
      expect((await wrong(c, 'demo')).status).toBe(400);
    }
    c.headers['x-forwarded-for'] = '198.51.100.99';
    expect((await c.login('demo', 'demo123456')).status).toBe(429);
  });

  it('shares one count between the username and the mobile of an account', async () => {
    const c = new Client(t.app, '10.20.0.4');
    for (let i = 0; i < 5; i++) expect((await wrong(c, 'pending')).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await wrong(c, '13900139000')).status).toBe(400);
    expect((await wrong(c, 'PENDING')).status).toBe(429);
    expect((await c.login('13900139000', 'demo123456')).status).toBe(429);
  });

  it('limits the operator login the same way', async () => {
    const c = new Client(t.app, '10.20.0.5');
    const op = (password: string) => c.post('/api/admin/login', { username: 'kefu', password });
    for (let i = 0; i < 10; i++) expect((await op('wrong-password')).status).toBe(400);
    const locked = await op('admin123456');
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe('登录失败次数过多，请15分钟后再试');
  });

  it('starts an account afresh after a successful login', async () => {
    const c = new Client(t.app, '10.20.0.6');
    for (let i = 0; i < 9; i++) await wrong(c, 'demo_bj');
    expect((await c.login('demo_bj', 'demo123456')).body.code).toBe(10000);
    for (let i = 0; i < 10; i++) expect((await wrong(c, 'demo_bj')).status).toBe(400);
  });
});

describe('login limits per address (50 in 15 minutes)', () => {
  it('refuses the 51st attempt from one address across accounts, forged X-Forwarded-For or not', async () => {
    const c = new Client(t.app, '10.20.1.1');
    for (let i = 0; i < 50; i++) {
      c.headers['x-forwarded-for'] = `203.0.113.${i + 1}`;
      expect((await wrong(c, `nobody${i}`)).status).toBe(400);
    }
    const refused = await wrong(c, 'nobody-else');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('登录尝试过于频繁，请15分钟后再试');
    // Another address is not held back.
    expect((await new Client(t.app, '10.20.1.2').login('demo', 'demo123456')).body.code).toBe(10000);
  });

  it('uses the forwarded address when TRUST_PROXY=1 (behind one proxy)', async () => {
    const behind = await createTestAppOn(t.ctx.database, { TRUST_PROXY: '1' });
    try {
      const proxy = (client: string) => {
        const c = new Client(behind.app, '127.0.0.1');
        c.headers['x-forwarded-for'] = client;
        return c;
      };
      const a = proxy('203.0.113.7');
      for (let i = 0; i < 50; i++) expect((await wrong(a, `ghost${i}`)).status).toBe(400);
      expect((await wrong(a, 'ghost-last')).status).toBe(429);
      // The same proxy forwarding another client: that client has its own budget.
      expect((await wrong(proxy('203.0.113.8'), 'ghost-last')).status).toBe(400);
    } finally {
      await behind.close();
    }
  });
});

describe('the signed e-contract IP is the client address', () => {
  it('ignores a forged X-Forwarded-For without TRUST_PROXY', async () => {
    const c = new Client(t.app, '10.20.2.1');
    c.headers['x-forwarded-for'] = '192.0.2.66';
    expect((await c.login('pending', 'demo123456')).body.code).toBe(10000);
    const signed = await c.post('/api/user/contract/sign', { agree: 1 });
    expect(signed.body.data.signed_ip).toBe('10.20.2.1');
  });
});

describe('login and registration need the XSRF double submit (no login CSRF)', () => {
  it.each([
    ['/api/login', { username: 'demo', password: 'demo123456' }],
    ['/api/admin/login', { username: 'admin', password: 'admin123456' }],
    ['/api/register/account', { username: 'x', password: 'Passw0rd123', mobile: '13700000099' }],
    ['/api/user/create_code', { mobile: '13700000099', scene: 'register' }],
  ])('refuses POST %s without X-XSRF-TOKEN', async (url, payload) => {
    const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.20.3.1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: '页面已过期，请刷新后重试' });
  });

  it('lets a Bearer-only client write without it', async () => {
    const { body } = await new Client(t.app, '10.20.3.2').login('demo', 'demo123456');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/message/read',
      headers: { authorization: `Bearer ${body.data.token}` },
      payload: { all: 1 },
    });
    expect(res.json().code).toBe(10000);
  });
});
