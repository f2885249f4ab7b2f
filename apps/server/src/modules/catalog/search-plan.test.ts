import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsListQuerySchema } from '@kc/domain';
import { seedCatalog } from '../../seed/catalog.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { resultRows } from './menus.js';
import { broadPageQuery, countQuery, estimates, partQuery, rankParts, wholeListQuery } from './list-parts.js';
import { goodsListSpec } from './read.js';
import { goods } from './schema.js';
import { suggestionQuery } from './suggest.js';

/**
 * Every keyword length must stay on an index (issue 3 §3). The catalogue is big enough that
 * a sequential scan would be chosen if the indexes did not serve the pattern, and ANALYZE
 * gives the planner real statistics on PGlite and PostgreSQL alike.
 */
const GOODS = 20_000;
let t: TestApp;
let approvalNo = '';

const planOf = async (q: SQLWrapper) => {
  const res = await t.ctx.database.db.execute(sql`explain ${q}`);
  return resultRows<{ 'QUERY PLAN': string }>(res)
    .map((r) => r['QUERY PLAN'])
    .join('\n');
};
const seqScanOnGoods = /Seq Scan on goods(?![_\w])/;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedCatalog(db, { goods: GOODS, today: t.clock.now });
  await db.execute(sql`vacuum analyze`);
  const [row] = await db
    .select({ a: goods.approvalNo })
    .from(goods)
    .where(sql`${goods.approvalNo} like '国药准字H%'`)
    .limit(1);
  approvalNo = row!.a;
}, 600_000);
afterAll(() => t?.close());

describe('search plans on a 20,000-goods catalogue', () => {
  const cases: [string, string, 0 | 1][] = [
    ['1 letter', 'a', 0],
    ['2 letters', 'xl', 0],
    ['3 letters', 'amx', 0],
    ['6 letters', 'amoxil', 0],
    ['pinyin initials', 'amxljn', 0],
    ['1 Chinese character', '感', 0],
    ['2 Chinese characters', '西林', 0],
    ['4 Chinese characters', '阿莫西林', 0],
    ['manufacturer initials', 'hrsj', 1],
    ['manufacturer 1 letter', 'h', 1],
    ['manufacturer 2 characters', '华润', 1],
  ];
  it.each(cases)('%s (%s): list page and count stay on indexes', async (_label, keywords, type) => {
    const db = t.ctx.database.db;
    const spec = await goodsListSpec(db, goodsListQuerySchema.parse({ keywords, type }), t.clock.now);
    const parts = rankParts(spec);
    // Every statement a list may run: the whole ranked list, the capped count, each part read
    // through its indexes; and the suggestions.
    for (const stmt of [
      wholeListQuery(spec, 20, 0),
      countQuery(spec.where, 1001),
      ...parts.map((part) => partQuery(part, 20, null)),
      suggestionQuery(db, keywords, type),
    ]) {
      const plan = await planOf(stmt);
      expect(plan).not.toMatch(seqScanOnGoods);
      expect(plan).toMatch(/goods_search_grams_idx|_trgm_idx/);
    }
    // A part read by walking the popularity index keeps the indexed scan as its fallback.
    const walk = await planOf(partQuery(parts.at(-1)!, 20, 1000));
    expect(walk).not.toMatch(seqScanOnGoods);
    expect(walk).toMatch(/Index Scan using goods_popularity_idx/);
    expect(walk).toMatch(/goods_search_grams_idx|_trgm_idx/);
    // The estimates that choose between them read no row; the page of a broad list, all parts
    // in one statement, stays on the indexes too.
    const est = await estimates(db, spec);
    expect(est.catalogue).toBeGreaterThan(GOODS * 0.9);
    expect(est.matches).toBeGreaterThan(0);
    const page = await planOf(broadPageQuery(spec, est, 20, 0));
    expect(page).not.toMatch(seqScanOnGoods);
    expect(page).toMatch(/goods_search_grams_idx|_trgm_idx/);
  });

  it('an approval number stays on its trigram index', async () => {
    const q = goodsListQuerySchema.parse({ keywords: approvalNo.slice(4) });
    const spec = await goodsListSpec(t.ctx.database.db, q, t.clock.now);
    for (const stmt of [wholeListQuery(spec, 20, 0), countQuery(spec.where, 1001)]) {
      const plan = await planOf(stmt);
      expect(plan).not.toMatch(seqScanOnGoods);
      expect(plan).toMatch(/goods_approval_no_trgm_idx/);
    }
  });
});
