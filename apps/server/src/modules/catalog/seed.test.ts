import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOODS_ZONES } from '@kc/domain';
import { seedCatalog } from '../../seed/catalog.js';
import { sql } from 'drizzle-orm';
import { categoryMenu } from './service.js';
import { goods } from './schema.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';

const GOODS = 300;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
  // Both seeds see the same day, as two runs on one day do.
  b.clock.now = a.clock.now;
  await Promise.all([
    seedCatalog(a.ctx.database.db, { goods: GOODS, today: a.clock.now }),
    seedCatalog(b.ctx.database.db, { goods: GOODS, today: a.clock.now }),
  ]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

const total = async (t: TestApp, query: string) =>
  (await new Client(t.app).get(`/api/goods/list?page_size=1&${query}`)).body.data.total as number;

// 控销 goods show only to buyers they are released to (none here: no members are seeded), so
// they are counted in the table rather than through the visitor's list.
const kxCount = async (t: TestApp) => {
  const [row] = await t.ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(goods)
    .where(sql`${goods.zones} @> array['kx']::text[]`);
  return row!.n;
};

describe('the demo catalogue seed', () => {
  it('creates the goods asked for: all but the 控销 ones are listed to visitors', async () => {
    const kx = await kxCount(a);
    expect(kx).toBeGreaterThan(0);
    expect(await total(a, '')).toBe(GOODS - kx);
  });

  it.each([...GOODS_ZONES.filter((z) => z !== 'kx'), 'jxq'])('puts goods in zone %s', async (zone) => {
    expect(await total(a, `zone=${zone}`)).toBeGreaterThan(0);
  });

  it('puts goods under every root category, and at least 7 roots', async () => {
    const roots = await categoryMenu(a.ctx.database.db);
    expect(roots.length).toBeGreaterThanOrEqual(7);
    for (const root of roots) expect(await total(a, `select=${root.id}`), root.name).toBeGreaterThan(0);
  });

  it('is deterministic: two runs list the same goods', async () => {
    const names = async (t: TestApp) => {
      const out: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await new Client(t.app).get(`/api/goods/list?page=${page}&page_size=100&sort=price`);
        out.push(
          ...res.body.data.list.map(
            (g: { name: string; ypgg: string; sccj: string }) => `${g.name}|${g.ypgg}|${g.sccj}`,
          ),
        );
      }
      return out;
    };
    const [x, y] = await Promise.all([names(a), names(b)]);
    expect(x).toHaveLength(GOODS - (await kxCount(a)));
    expect(y).toEqual(x);
    expect(new Set(x).size).toBeGreaterThan(x.length * 0.95);
  });

  it('lists realistic goods: approval numbers, pictures, lots and some 含麻 and sold-out goods', async () => {
    const c = new Client(a.app);
    await c.get('/api/health');
    const all: Record<string, unknown>[] = [];
    for (let page = 1; page <= 3; page++)
      all.push(...(await c.get(`/api/goods/list?page=${page}&page_size=100`)).body.data.list);
    const drugs = all.filter((g) => String(g.approval_no).startsWith('国药准字'));
    expect(drugs.length).toBeGreaterThan(GOODS / 2);
    for (const g of drugs) expect(g.approval_no).toMatch(/^国药准字[HZS]\d{8}$/);
    expect(all.every((g) => (g.goods_image as { list: string }[])[0]?.list.startsWith('/media/'))).toBe(true);
    expect(all.some((g) => g.is_hm === 1)).toBe(true);
    expect(all.some((g) => g.number === 0)).toBe(true);
    expect(
      all
        .filter((g) => (g.number as number) > 0)
        .every((g) => /^\d{4}-\d{2}-\d{2}$/.test(String(g.validity))),
    ).toBe(true);
    const picture = await a.app.inject({
      method: 'GET',
      url: (all[0]!.goods_image as { list: string }[])[0]!.list,
    });
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect(picture.body).toContain(String(all[0]!.sccj));
  });

  it('gives no goods a purchase limit below its middle pack (buyable in name only)', async () => {
    const [row] = await a.ctx.database.db
      .select({
        limited: sql<number>`count(*) filter (where ${goods.qgNumber} > 0)::int`,
        unbuyable: sql<number>`count(*) filter (where ${goods.qgNumber} > 0 and ${goods.qgNumber} < ${goods.zbz})::int`,
      })
      .from(goods);
    expect(row!.limited).toBeGreaterThan(0);
    expect(row!.unbuyable).toBe(0);
  });
});
