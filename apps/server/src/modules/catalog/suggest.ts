import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import {
  SUGGESTION_LIMIT,
  type CategoryFacet,
  type GoodsFlQuery,
  type GoodsItem,
  type GoodsSuggestQuery,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { validity } from './read.js';
import { categories, goods } from './schema.js';
import { buyableNow, keywordMatch } from './search.js';
import { withShelfFlags } from './shelf-floor.js';
import { VISITOR, goodsItem, visibleTo, type Viewer } from './view.js';

/**
 * `GET /api/goods/search`: up to ten suggestion strings ranked like the list (exact, prefix,
 * substring; purchasable first; best sellers). Type 0 suggests generic names, type 1 distinct
 * manufacturers. No keyword, no suggestions.
 */
export async function suggestions(db: Queryable, q: GoodsSuggestQuery, viewer: Viewer): Promise<string[]> {
  if (!q.keywords) return [];
  const rows = await suggestionQuery(db, q.keywords, q.type, viewer);
  return rows.map((r) => r.label);
}

/** The statement behind the suggestions, not yet run (the search-plan test EXPLAINs it). */
export function suggestionQuery(db: Queryable, keywords: string, type: 0 | 1, viewer: Viewer = VISITOR) {
  const m = keywordMatch(keywords, type);
  const label = type === 1 ? goods.sccj : goods.name;
  return db
    .select({ label })
    .from(goods)
    .where(and(visibleTo(viewer), m.filter))
    .groupBy(label)
    .orderBy(
      asc(sql`min(${m.rank})`),
      desc(sql`bool_or(${buyableNow})`),
      desc(sql`max(${goods.sales})`),
      asc(label),
    )
    .limit(SUGGESTION_LIMIT);
}

/** `GET api/goods/fl`: categories of the goods matching a keyword, most matches first. */
export async function categoryFacets(
  db: Queryable,
  q: GoodsFlQuery,
  viewer: Viewer,
): Promise<CategoryFacet[]> {
  if (!q.keywords) return [];
  const m = keywordMatch(q.keywords, q.type);
  const n = sql<number>`count(*)::int`;
  return db
    .select({ id: categories.id, name: categories.name, count: n })
    .from(goods)
    .innerJoin(categories, eq(categories.id, goods.categoryId))
    .where(and(visibleTo(viewer), m.filter))
    .groupBy(categories.id, categories.name)
    .orderBy(desc(n), asc(categories.id))
    .limit(20);
}

/** Most goods `GET api/goods/hot` returns. */
export const HOT_LIMIT = 10;

/** `GET api/goods/hot`: the ten best sellers that can be bought now. */
export async function hotGoods(db: Queryable, viewer: Viewer, now: Date = new Date()): Promise<GoodsItem[]> {
  const rows = await db
    .select({ g: goods, validity })
    .from(goods)
    .where(and(visibleTo(viewer), eq(goods.isBuy, true), gt(goods.stock, 0)))
    .orderBy(desc(goods.sales), asc(goods.id))
    .limit(HOT_LIMIT);
  return withShelfFlags(
    db,
    viewer,
    rows.map((r) => goodsItem(r.g, r.validity, viewer.audience)),
    now,
  );
}
