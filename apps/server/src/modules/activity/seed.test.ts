import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedActivities } from '../../seed/activities.js';
import { seedCatalog } from '../../seed/catalog.js';
import { seedCoupons } from '../../seed/coupons.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { goods } from '../catalog/schema.js';
import { combinations } from './schema.js';
import { combinationsByIds, runningActivities } from './service.js';

const DAY = 24 * 3600_000;
let t: TestApp;
let visitor: Client;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.ctx.database.db, { goods: 400 });
  await seedCoupons(t.ctx.database.db, t.clock.now);
  await seedActivities(t.ctx.database.db, t.clock.now);
  visitor = new Client(t.app);
});
afterAll(() => t.close());

it('seeds a running full-spend, the 94折, gifts, the 满返, flash and special prices, and combinations', async () => {
  const db = t.ctx.database.db;
  const running = await runningActivities(db, t.clock.now);
  expect(running.fullSpend?.tiers).toHaveLength(3);
  expect(running.discount).toEqual({ ratePerMille: 940, excludedGoodsIds: [] });
  expect(running.gifts.size).toBeGreaterThan(0);
  expect(running.cashback?.tiers).toEqual([
    { amount: 100_000, back: 3_000 },
    { amount: 300_000, back: 12_000 },
  ]);
  const prices = [...running.prices.entries()];
  const list = new Map(
    (await db.select({ id: goods.id, price: goods.price }).from(goods)).map((g) => [g.id, g.price]),
  );
  const flash = prices.filter(([, p]) => p.kind === 'flash');
  expect(flash.length).toBeGreaterThanOrEqual(5);
  expect(flash.length).toBeLessThanOrEqual(8);
  for (const [id, p] of prices) {
    // 15–25% below the list price (floored to the dime), each with a per-buyer limit.
    expect(p.price / list.get(id)!).toBeGreaterThanOrEqual(0.74);
    expect(p.price / list.get(id)!).toBeLessThanOrEqual(0.86);
    expect(p.limit).toBeGreaterThanOrEqual(5);
    expect(p.limit).toBeLessThanOrEqual(10);
  }
  // Today's specials: the every-day ones and today's.
  expect(prices.filter(([, p]) => p.kind === 'special').length).toBeGreaterThanOrEqual(5);
  const ids = (await db.select({ id: combinations.id }).from(combinations)).map((c) => c.id);
  expect(ids.length).toBeGreaterThan(0);
  const combos = await combinationsByIds(db, ids, t.clock.now);
  for (const c of combos) {
    expect(c.onSale).toBe(true);
    expect(c.price).toBeLessThan(c.items.reduce((s, it) => s + it.price * it.number, 0));
  }
});

describe('every activity page shows something on a fresh start', () => {
  const info = async (url: string) => {
    const res = await visitor.get(`/api/activity/info?url=${encodeURIComponent(url)}`);
    expect(res.body.code, url).toBe(10000);
    return res.body.data;
  };

  it.each(['/hb', '/welfare', '/yjh', '/mrtj'])(
    '%s runs, with a banner, its rules and goods',
    async (url) => {
      const v = await info(url);
      expect(v.status).toBe(1);
      expect(v.banner).toMatch(/^\/media\/\d+$/);
      expect(v.description.length).toBeGreaterThan(10);
      const goodsShown =
        v.items.length + v.sections.reduce((n: number, s: { list: unknown[] }) => n + s.list.length, 0);
      expect(goodsShown).toBeGreaterThan(0);
    },
  );

  it.each([
    '/zqmb',
    '/hdmb',
    '/yyh',
    '/activity_lq',
    '/activity_gq',
    '/activity_yhhg',
    '/eleven_gq',
    '/eleven_big',
    '/eleven_big_app',
    '/live',
  ])('the template of %s runs with goods sections', async (url) => {
    const v = await info(url);
    expect(v).toMatchObject({ kind: 'template', status: 1 });
    expect(v.banner).toMatch(/^\/media\/\d+$/);
    expect(v.description).not.toBe('');
    expect(v.sections.length).toBeGreaterThan(0);
    for (const s of v.sections) expect(s.list.length, `${url} ${s.title}`).toBeGreaterThan(0);
    expect((await visitor.get(v.banner)).res.headers['content-type']).toContain('image/svg+xml');
  });

  it('offers the coupon centre coupons on /activity_lq; /yyh has sections to page through', async () => {
    const lq = await info('/activity_lq');
    expect(lq.coupons.length).toBeGreaterThanOrEqual(3);
    expect(lq.coupons.every((c: { state: string }) => c.state === 'login')).toBe(true);
    const yyh = await info('/yyh');
    expect(yyh.sections.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...yyh.sections.map((s: { list: unknown[] }) => s.list.length))).toBeGreaterThan(10);
  });

  it('has an activity on /yjh that starts in three days (the countdown)', async () => {
    const list = (await visitor.get('/api/activity/list?url=%2Fyjh')).body.data as {
      id: number;
      status: number;
      start_time: number;
    }[];
    const coming = list.find((a) => a.status === 0)!;
    expect(coming.start_time).toBe(Math.floor((t.clock.now.getTime() + 3 * DAY) / 1000));
    const v = (await visitor.get(`/api/activity/info?id=${coming.id}`)).body.data;
    expect(v).toMatchObject({ status: 0, status_text: '未开始' });
    expect(v.sections[0].list.length).toBeGreaterThan(0);
  });

  it('lists the spike floor, the daily specials, the posters, the template banners and the combinations', async () => {
    const spike = (await visitor.get('/api/index/spike')).body.data;
    expect(spike.list.length).toBeGreaterThanOrEqual(5);
    expect(spike.end_time * 1000).toBeGreaterThan(t.clock.now.getTime());
    const everyday = (await visitor.get('/api/activity/everyday_price')).body.data;
    expect(everyday.activity).toMatchObject({ url: '/mrtj', status: 1 });
    expect(everyday.list.length).toBeGreaterThanOrEqual(5);
    const posters = (await visitor.get('/api/focus/postList')).body.data as {
      status: number;
      image: string;
    }[];
    expect(posters.length).toBeGreaterThanOrEqual(15);
    expect(posters.some((p) => p.status === 0)).toBe(true);
    expect((await visitor.get('/api/focus/demo?url=%2Feleven_big')).body.data).toHaveLength(1);
    const combos = (await visitor.get('/api/combination/list')).body.data;
    expect(combos.total).toBeGreaterThan(0);
  });
});

it('runs nothing once the activities have ended', async () => {
  const later = new Date(t.clock.now.getTime() + 365 * DAY);
  const running = await runningActivities(t.ctx.database.db, later);
  expect([
    running.fullSpend,
    running.discount,
    running.gifts.size,
    running.cashback,
    running.prices.size,
  ]).toEqual([null, null, 0, null, 0]);
});
