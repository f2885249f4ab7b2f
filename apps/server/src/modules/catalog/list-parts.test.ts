import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsListQuerySchema } from '@kc/domain';
import { members } from '../account/schema.js';
import { seedDemo } from '../../seed/index.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { partQuery, rankParts } from './list-parts.js';
import { resultRows } from './menus.js';
import { goodsListSpec, listGoods } from './read.js';
import { goods } from './schema.js';
import { buyableNow, keywordMatch } from './search.js';
import { VISITOR, viewerOf, visibleTo, type Viewer } from './view.js';

/**
 * A broad list is read part by part from the indexes instead of ranked whole (list-parts.ts):
 * on the demo seed, with a count cap small enough to take that road, every page must be the
 * page the plain ranking gives — exact, then prefix, then substring; purchasable first, best
 * sellers, id — for visitors and for a member who sees released 控销 goods.
 */
let t: TestApp;
let member: Viewer;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedDemo(db);
  await db.execute(sql`analyze`);
  const [demo] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'demo'));
  member = await viewerOf(db, demo!.id);
}, 120_000);
afterAll(() => t?.close());

/** The ranking of issue 3 §3 as one sort over every match: what the parts must reproduce. */
async function ranked(viewer: Viewer, keywords: string, type: 0 | 1): Promise<number[]> {
  const m = keywordMatch(keywords, type);
  const rows = await t.ctx.database.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(visibleTo(viewer), m.filter))
    .orderBy(asc(m.rank), desc(buyableNow), desc(goods.sales), asc(goods.id));
  return rows.map((r) => r.id);
}

const queries: [string, 0 | 1][] = [
  ['a', 0],
  ['g', 0],
  ['感', 0],
  ['xl', 0],
  ['gm', 0],
  ['感冒', 0],
  ['amxl', 0],
  ['阿莫西林', 0],
  // Whole names and their initials: exact matches ranked first.
  ['阿莫西林胶囊', 0],
  ['amxljn', 0],
  ['h', 1],
  ['华润', 1],
  ['hrsj', 1],
];

describe('a broad list read part by part', () => {
  it.each(queries)('%s (type %i): every page is the ranked page', async (keywords, type) => {
    for (const viewer of [VISITOR, member]) {
      const all = await ranked(viewer, keywords, type);
      expect(all.length, 'the query should match goods').toBeGreaterThan(3);
      const cap = Math.max(2, Math.floor(all.length / 3));
      const pageSize = 7;
      for (const page of [1, 2, Math.ceil(all.length / pageSize)]) {
        const q = goodsListQuerySchema.parse({ keywords, type, page, page_size: pageSize });
        const got = await listGoods(t.ctx.database.db, q, viewer, t.clock.now, cap);
        const want = all.slice((page - 1) * pageSize, page * pageSize);
        expect(
          got.list.map((g) => g.id),
          `page ${page}`,
        ).toEqual(want);
        if (page === 1 && /^(阿莫西林胶囊|amxljn)$/.test(keywords))
          expect(got.list[0]?.name, 'an exact match first').toBe('阿莫西林胶囊');
        expect(got.total).toBe(cap);
        expect(got.total_capped).toBe(1);
        expect(got.total_page).toBe(Math.ceil(cap / pageSize));
      }
    }
  });

  it('counts exactly, without the flag, when the cap is not reached', async () => {
    const all = await ranked(VISITOR, 'gm', 0);
    const q = goodsListQuerySchema.parse({ keywords: 'gm', page_size: 5 });
    const got = await listGoods(t.ctx.database.db, q, VISITOR, t.clock.now, all.length);
    expect(got.total).toBe(all.length);
    expect(got).not.toHaveProperty('total_capped');
    expect(got.list.map((g) => g.id)).toEqual(all.slice(0, 5));
  });

  it('browses a broad catalogue in the default order, counting it exactly', async () => {
    const rows = await t.ctx.database.db
      .select({ id: goods.id })
      .from(goods)
      .where(visibleTo(VISITOR))
      .orderBy(desc(buyableNow), desc(goods.sales), asc(goods.id));
    const q = goodsListQuerySchema.parse({ page: 2, page_size: 15 });
    const got = await listGoods(t.ctx.database.db, q, VISITOR, t.clock.now, 100);
    expect(got.list.map((g) => g.id)).toEqual(rows.slice(15, 30).map((r) => r.id));
    expect(got.total).toBe(rows.length);
    expect(got).not.toHaveProperty('total_capped');
  });

  // Latin letters and digits in names (维生素B6), and a letter lower() folds differently by locale.
  const withLatin: [string, 0 | 1][] = [
    ...queries,
    ['b6', 0],
    ['B6', 0],
    ['维生素B', 0],
    ['(Ⅱ)', 0],
    ['ⅱ', 0],
  ];
  it.each(withLatin)(
    '%s (type %i): a walk finds what the indexes find, and falls back to them when short',
    async (keywords, type) => {
      const db = t.ctx.database.db;
      const ids = async (q: SQL) => resultRows<{ id: number }>(await db.execute(q)).map((r) => r.id);
      const q = goodsListQuerySchema.parse({ keywords, type });
      for (const viewer of [VISITOR, member]) {
        const spec = await goodsListSpec(db, q, t.clock.now, viewer);
        for (const part of rankParts(spec)) {
          // The whole part: a walk over every goods tests each row as the indexes select it.
          const all = await ids(partQuery(part, 100_000, null));
          expect(await ids(partQuery(part, 100_000, 100_000))).toEqual(all);
          for (const want of [1, 13]) {
            expect(await ids(partQuery(part, want, 1)), `${want} after a short walk`).toEqual(
              all.slice(0, want),
            );
            expect(await ids(partQuery(part, want, 100_000))).toEqual(all.slice(0, want));
          }
        }
      }
    },
  );
});
