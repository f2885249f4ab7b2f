import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { pageViews } from './schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db);
});
afterAll(() => t.close());

const lastView = async () => {
  const [row] = await t.ctx.database.db.select().from(pageViews).orderBy(desc(pageViews.id)).limit(1);
  return row;
};

describe('POST /api/track', () => {
  it('records an anonymous page view', async () => {
    const c = new Client(t.app);
    const res = await c.post('/api/track', {
      path: '/list/info/12?from=home',
      name: 'list_info',
      referrer: '/',
    });
    expect(res.body).toMatchObject({ code: 10000 });
    expect(await lastView()).toMatchObject({
      path: '/list/info/12?from=home',
      routeName: 'list_info',
      referrer: '/',
      memberId: null,
      at: t.clock.now,
    });
  });

  it('stores the member when logged in (with the XSRF header, as the storefront sends it)', async () => {
    const c = new Client(t.app);
    const login = await c.login('demo', 'demo123456');
    const res = await c.post('/api/track', { path: '/cart', name: 'cart_step1' });
    expect(res.body.code).toBe(10000);
    expect(await lastView()).toMatchObject({
      path: '/cart',
      memberId: login.body.data.user.id,
      referrer: '',
    });
  });

  it('refuses a write with the session cookie but no XSRF header', async () => {
    const c = new Client(t.app);
    await c.login('demo', 'demo123456');
    const before = await lastView();
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/track',
      headers: { cookie },
      payload: { path: '/forged' },
    });
    expect(res.statusCode).toBe(403);
    expect((await lastView())!.id).toBe(before!.id);
  });

  it.each([
    ['a missing path', {}, '缺少页面路径'],
    ['a 5,000-character path', { path: `/${'a'.repeat(4999)}` }, '页面路径过长'],
    ['a path that is not a path', { path: 'javascript:alert(1)' }, '页面路径格式不正确'],
    ['a long route name', { path: '/', name: 'x'.repeat(101) }, '路由名称过长'],
  ])('answers 422 for %s', async (_label, body, msg) => {
    const before = await lastView();
    const res = await new Client(t.app).post('/api/track', body);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(msg);
    expect((await lastView())?.id).toBe(before?.id);
  });
});

describe('page views per member or address (120 a minute)', () => {
  const view = (c: Client, i: number) => c.post('/api/track', { path: `/list/info/${i}` });

  it('refuses the 121st view of a member in a minute and records nothing for it', async () => {
    t.clock.now = new Date(t.clock.now.getTime() + 2 * 60_000);
    const c = new Client(t.app, '10.40.0.1');
    await c.login('demo_bj', 'demo123456');
    for (let i = 0; i < 120; i++) expect((await view(c, i)).status).toBe(200);
    const before = await lastView();
    const refused = await view(c, 999);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(429);
    expect((await lastView())!.id).toBe(before!.id);
    // A logged-out visitor elsewhere still counts apart.
    expect((await view(new Client(t.app, '10.40.0.2'), 1000)).status).toBe(200);
  });

  it('counts logged-out views per address, whatever X-Forwarded-For says', async () => {
    t.clock.now = new Date(t.clock.now.getTime() + 2 * 60_000);
    const c = new Client(t.app, '10.40.0.3');
    for (let i = 0; i < 120; i++) {
      c.headers['x-forwarded-for'] = `198.51.100.${i}`;
      expect((await view(c, i)).status).toBe(200);
    }
    expect((await view(c, 999)).status).toBe(429);
  });
});
