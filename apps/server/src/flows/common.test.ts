import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unixSeconds } from '@kc/domain';
import { hotSearches } from '../modules/content/schema.js';
import { createHotSearch, createNavItem } from '../modules/content/service.js';
import { seedCatalog } from '../seed/catalog.js';
import { seedContent } from '../seed/content.js';
import { Client, createTestApp, type TestApp } from '../test/helper.js';
import { COMMON_TTL_MS } from './common.js';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await createTestApp();
  await seedContent(t.ctx.database.db);
  await seedCatalog(t.ctx.database.db, { goods: 200 });
  c = new Client(t.app);
});
afterAll(() => t.close());

const tick = (ms: number) => (t.clock.now = new Date(t.clock.now.getTime() + ms));
const common = async () => {
  const { status, body, res } = await c.get('/api/common');
  expect(status).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  expect(body.code).toBe(10000);
  return body.data;
};

describe('GET /api/common', () => {
  it('returns the layout data with the server time in ten-digit seconds', async () => {
    const data = await common();
    expect(String(data.timestamp)).toMatch(/^\d{10}$/);
    expect(data.timestamp).toBe(unixSeconds(t.clock.now));
    expect(data.rnss).toHaveLength(10);
    expect(data.rnss[0]).toEqual({
      name: '阿莫西林',
      url: `/search?keywords=${encodeURIComponent('阿莫西林')}&type=0`,
    });
    expect(data.nav.length).toBeLessThanOrEqual(9);
    expect(data.nav[0]).toEqual({
      id: expect.any(Number),
      name: '首页',
      url: '/',
      image: '',
      is_open: 0,
      children: [],
    });
    expect(data.nav.at(-1).children.map((n: { url: string }) => n.url)).toEqual([
      '/jfsc',
      '/hb',
      '/welfare',
      '/zhzq',
    ]);
    expect(data.site).toMatchObject({
      title: '康采医药网',
      hot_line: '400-826-5198',
      icp: expect.stringMatching(/^浙ICP备\d{8}号/),
    });
    expect(data.site.wechat_qr).toMatch(/^\/media\/\d+$/);
    // Development providers outside production: the storefront's own labels say so.
    expect(data.dev_providers).toBe(false);
  });

  it('carries the catalogue menus and brands', async () => {
    const data = await common();
    expect(data.category.length).toBeGreaterThanOrEqual(7);
    expect(data.category.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['西药', '中成药', '中药饮片', '医疗器械']),
    );
    for (const cat of [...data.category, ...data.category_yx, ...data.category_zy, ...data.category_qx]) {
      expect(cat).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        logo: expect.any(String),
        logo1: expect.any(String),
        children: expect.any(Array),
      });
    }
    expect(data.category[0].children[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(data.category_zy.map((c: { name: string }) => c.name)).toEqual(['中药饮片']);
    expect(data.category_qx.map((c: { name: string }) => c.name)).toEqual(['医疗器械']);
    expect(data.category_yx.length).toBeGreaterThan(0);
    expect(data.brand.length).toBeGreaterThan(0);
    expect(data.brand[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      logo: expect.stringMatching(/^\/media\/\d+$/),
    });
  });

  it('never shows more than 9 nav items', async () => {
    await createNavItem(t.ctx.database.db, { name: '第十项', url: '/mrtj', sort: 100 }, t.ctx.bus);
    const data = await common();
    expect(data.nav).toHaveLength(9);
    expect(data.nav.map((n: { name: string }) => n.name)).not.toContain('第十项');
  });

  it('serves repeats from memory with a fresh timestamp, and expires after the TTL', async () => {
    const db = t.ctx.database.db;
    await common();
    const statements = t.ctx.database.stats.statements;
    tick(2000);
    const cached = await common();
    expect(t.ctx.database.stats.statements).toBe(statements);
    expect(cached.timestamp).toBe(unixSeconds(t.clock.now));

    // A write behind the services' back (another instance, say) shows once the TTL passes.
    await db.insert(hotSearches).values({ name: '维生素C', url: '/search?keywords=vc&type=0', sort: 50 });
    expect((await common()).rnss.map((r: { name: string }) => r.name)).not.toContain('维生素C');
    tick(COMMON_TTL_MS);
    expect((await common()).rnss.map((r: { name: string }) => r.name)).toContain('维生素C');
  });

  it('drops the cached reply when the bus carries content.changed (another instance wrote)', async () => {
    await common();
    await t.ctx.database.db
      .insert(hotSearches)
      .values({ name: '氨溴索口服液', url: '/search?keywords=axs&type=0', sort: 55 });
    expect((await common()).rnss.map((r: { name: string }) => r.name)).not.toContain('氨溴索口服液');
    t.ctx.bus.publish('content.changed');
    expect((await common()).rnss.map((r: { name: string }) => r.name)).toContain('氨溴索口服液');
  });

  it('drops the cached reply at once after a write through the content services', async () => {
    await common();
    await createHotSearch(t.ctx.database.db, { name: '氯雷他定', sort: 60 }, t.ctx.bus);
    const rnss = (await common()).rnss;
    expect(rnss.at(-1)).toEqual({
      name: '氯雷他定',
      url: `/search?keywords=${encodeURIComponent('氯雷他定')}&type=0`,
    });
  });
});
