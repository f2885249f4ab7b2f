import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/index.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';

/** The search and zone calls of issue 3, and what they do with bad input. */
let t: TestApp;
let visitor: Client;
let member: Client;
const enc = encodeURIComponent;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx.database.db);
  visitor = new Client(t.app);
  member = new Client(t.app);
  expect((await member.login('demo', 'demo123456')).body.code).toBe(10000);
}, 120_000);
afterAll(() => t?.close());

describe('GET /api/goods/search (suggestions)', () => {
  it('suggests at most ten distinct generic names, the best match first', async () => {
    const res = await visitor.get('/api/goods/search?keywords=amxl&type=0');
    const names = res.body.data as string[];
    expect(res.body.code).toBe(10000);
    expect(names[0]).toMatch(/^阿莫西林/);
    expect(names.length).toBeLessThanOrEqual(10);
    expect(new Set(names).size).toBe(names.length);
  });

  it('caps a common prefix at ten', async () => {
    const names = (await visitor.get('/api/goods/search?keywords=f')).body.data as string[];
    expect(names).toHaveLength(10);
  });

  it('suggests distinct manufacturers for type 1', async () => {
    const names = (await visitor.get('/api/goods/search?keywords=hrsj&type=1')).body.data as string[];
    expect(names[0]).toMatch(/^华润三九/);
    expect(new Set(names).size).toBe(names.length);
  });

  it('answers an empty list without a keyword or without matches', async () => {
    expect((await visitor.get('/api/goods/search?keywords=')).body.data).toEqual([]);
    expect((await visitor.get(`/api/goods/search?keywords=${enc('不存在的药品名')}`)).body.data).toEqual([]);
  });
});

describe('GET /api/goods/hot and GET /api/goods/fl', () => {
  it('hot: the ten best sellers that can be bought now, prices by audience', async () => {
    const v = (await visitor.get('/api/goods/hot')).body.data as Record<string, any>[];
    const m = (await member.get('/api/goods/hot')).body.data as Record<string, any>[];
    expect(v).toHaveLength(10);
    for (const g of v) expect(g.is_buy === 1 && g.number > 0 && g.price === null).toBe(true);
    expect(m.every((g) => typeof g.price === 'string')).toBe(true);
    const sales = v.map((g) => g.sales as number);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('fl: categories of the matching goods with counts adding up to the list total', async () => {
    const facets = (await visitor.get(`/api/goods/fl?keywords=${enc('感冒')}`)).body.data as {
      id: number;
      name: string;
      count: number;
    }[];
    expect(facets.length).toBeGreaterThan(0);
    const total = (await visitor.get(`/api/goods/list?keywords=${enc('感冒')}&page_size=1`)).body.data.total;
    expect(facets.reduce((n, f) => n + f.count, 0)).toBe(total);
    const counts = facets.map((f) => f.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // Each facet narrows the list to exactly its count.
    const first = facets[0]!;
    const narrowed = await visitor.get(
      `/api/goods/list?keywords=${enc('感冒')}&select=${first.id}&page_size=1`,
    );
    expect(narrowed.body.data.total).toBe(first.count);
    expect((await visitor.get('/api/goods/fl')).body.data).toEqual([]);
  });
});

// GET /api/activity/everyday_price lists the running daily-special activity now: the activity
// module's tests (activity/storefront.test.ts, activity/seed.test.ts) cover it.

describe('zone ads', () => {
  it.each(['zyzq', 'kxzq', 'new_kxzq', 'kxzq_ad', 'yx', 'xrtj'])(
    '/api/focus/%s lists its banners',
    async (zone) => {
      const ads = (await visitor.get(`/api/focus/${zone}`)).body.data as {
        id: number;
        url: string;
        image: string;
      }[];
      expect(ads.length).toBeGreaterThan(0);
      for (const ad of ads) expect(ad.image).toMatch(/^\/media\/\d+$/);
      const img = await t.app.inject({ method: 'GET', url: ads[0]!.image });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toContain('image/svg+xml');
    },
  );

  it('/api/focus/kxzq_ad narrows to the ids asked for', async () => {
    const all = (await visitor.get('/api/focus/kxzq_ad')).body.data as { id: number }[];
    expect(all.length).toBeGreaterThan(1);
    const one = (await visitor.get(`/api/focus/kxzq_ad?ids=${all[1]!.id}`)).body.data as { id: number }[];
    expect(one.map((a) => a.id)).toEqual([all[1]!.id]);
    expect((await visitor.get('/api/focus/kxzq_ad?ids=x')).status).toBe(422);
  });

  it('/api/focus/ppzq lists the brands with logos and the brand banners', async () => {
    const data = (await visitor.get('/api/focus/ppzq')).body.data;
    expect(data.ads.length).toBeGreaterThan(0);
    expect(data.brands.length).toBeGreaterThan(5);
    for (const b of data.brands) expect(b.logo).toMatch(/^\/media\/\d+$/);
    expect(data.brands.some((b: { goods_count: number }) => b.goods_count > 0)).toBe(true);
  });

  it('/api/focus/brand/{id} returns the brand with its banner; unknown 404, bad id 422', async () => {
    const [brand] = (await visitor.get('/api/focus/ppzq')).body.data.brands;
    const res = await visitor.get(`/api/focus/brand/${brand.id}`);
    expect(res.body.data.name).toBe(brand.name);
    expect(res.body.data.ad.url).toBe(`/ppzq/info/${brand.id}`);
    expect((await visitor.get('/api/focus/brand/999999')).status).toBe(404);
    expect((await visitor.get('/api/focus/brand/abc')).status).toBe(422);
  });
});

describe('bad input', () => {
  it.each([
    ['page 0', '/api/goods/list?page=0', '页码不能小于1'],
    ['page_size 1000', '/api/goods/list?page_size=1000', '每页数量不能大于100'],
    ['unknown sort', '/api/goods/list?sort=name', '排序方式有误'],
    ['type 2', '/api/goods/list?type=2&keywords=a', '搜索类型只能是0或1'],
    ['10,000-letter keyword', `/api/goods/list?keywords=${'a'.repeat(10_000)}`, '搜索关键词不能超过50个字'],
    [
      '10,000-character suggestion',
      `/api/goods/search?keywords=${enc('阿'.repeat(10_000))}`,
      '搜索关键词不能超过50个字',
    ],
    ['51-letter category facet', `/api/goods/fl?keywords=${'x'.repeat(51)}`, '搜索关键词不能超过50个字'],
    ['suggestion type 9', '/api/goods/search?keywords=a&type=9', '搜索类型只能是0或1'],
  ])('%s → 422', async (_label, url, msg) => {
    const res = await visitor.get(url);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 422, msg });
  });

  it.each(["' or 1=1 --", '%', '_', '%%', '\\', "阿莫'; drop table goods; --", 'a%b', '__'])(
    'answers %j with a safe, empty result',
    async (kw) => {
      const everything = (await visitor.get('/api/goods/list?page_size=1')).body.data.total;
      expect(everything).toBeGreaterThan(2000);
      for (const type of [0, 1]) {
        const res = await visitor.get(`/api/goods/list?keywords=${enc(kw)}&type=${type}`);
        expect(res.status).toBe(200);
        expect(res.body.data.total).toBe(0);
        expect((await visitor.get(`/api/goods/search?keywords=${enc(kw)}&type=${type}`)).body.data).toEqual(
          [],
        );
      }
      expect((await visitor.get('/api/goods/list?page_size=1')).body.data.total).toBe(everything);
    },
  );
});
