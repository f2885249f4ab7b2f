import { and, not, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.js';
import { resultRows } from './menus.js';
import { goods } from './schema.js';
import type { KeywordMatch } from './search.js';
import { itemColumns, validity } from './view.js';

/**
 * How `GET /api/goods/list` reads a page without ranking and counting every match of a broad
 * query (docs/decisions/007-search-indexes.md, "Broad queries"). A one-letter search matches
 * 20,000 of 200,000 goods: ranking them all to show 20 and counting them all to say how many
 * cost more than the whole latency budget.
 *
 * 1. The planner estimates how many goods match (EXPLAIN, no row read; the n-gram index's
 *    statistics know how common each term is).
 * 2. A list expected to hold at most `cap` goods is read in one statement: every match,
 *    ranked and sorted, with the exact count.
 * 3. A broader list has its page read part by part — a keyword search's exact, prefix and
 *    other matches (rank 0, 1, 2) — each in the popularity order (purchasable, sales, id): a
 *    big part by walking the best sellers until the page is found (a one-letter query finds
 *    20 goods among the first ~200 best sellers), a small one through the n-gram index (its
 *    `x:`/`p2:` terms) and a sort. A keyword search is counted up to `cap` only (the reply then
 *    says so).
 *
 * The statements fix their plan shape rather than leave it to the planner, whose estimate
 * for two term conditions together is poor (it multiplies them): a `materialized` CTE is
 * planned for all its rows (a bitmap scan, never a sequential scan tempted by a LIMIT over a
 * catalogue stored in name order), and the index walk is bounded and falls back to the bitmap
 * scan when it does not find the page in time.
 */

/** A sort key of the list. */
export interface SortKey {
  expr: SQL;
  dir: 'asc' | 'desc';
  nullsLast?: boolean;
}

/** The popularity order: purchasable now, then best sellers. */
export const POPULARITY_KEYS: readonly SortKey[] = [
  { expr: sql`(${goods.stock} > 0 and ${goods.isBuy})`, dir: 'desc' },
  { expr: sql`${goods.sales}`, dir: 'desc' },
  { expr: sql`${goods.id}`, dir: 'asc' },
];
/** The best sellers' order, `goods_popularity_idx`. */
const BEST_SELLERS = POPULARITY_KEYS.slice(1);

const orderBy = (keys: readonly SortKey[], name: (i: number) => SQL) =>
  sql.join(
    keys.map((k, i) => sql`${name(i)} ${sql.raw(k.dir)}${sql.raw(k.nullsLast ? ' nulls last' : '')}`),
    sql`, `,
  );
const byExpr = (keys: readonly SortKey[]) => orderBy(keys, (i) => keys[i]!.expr);

export interface ListSpec {
  /** Every filter of the list (visibility, category, keyword match, …). */
  where: SQL | undefined;
  /** Visibility and the other filters, without the keyword match. */
  base: SQL | undefined;
  /** The list order (POPULARITY_KEYS itself for the default order). */
  keys: readonly SortKey[];
  /** A keyword search in the default order: its match, ranked in parts. */
  match: KeywordMatch | null;
}

/**
 * A part of a list: the goods it holds, as the indexes find them (`indexed`, for the bitmap
 * scan) and as a row of the popularity walk is tested (`scanned`, plain column comparisons).
 */
export interface Part {
  indexed: SQL;
  scanned: SQL;
}

/**
 * A condition the planner takes as it is written: not reordered, not estimated. The walk
 * tests the cheap column comparisons of the match first and the rank only on the few rows
 * that match (reordered by estimated cost, the rank came first on every row); and a rank
 * test left out of the estimates spares planning a few dozen LIKE patterns.
 */
const asWritten = (test: SQL, then: SQL) => sql`(case when ${test} then ${then} else false end)`;

/** The parts of a ranked list, in order: exact, prefix (when not all), other matches. */
export function rankParts(spec: ListSpec): Part[] {
  const m = spec.match!;
  const base = spec.base ?? sql`true`;
  const part = (terms: SQL[], rank: SQL): Part => ({
    indexed: and(base, m.filter, ...terms, asWritten(rank, sql`true`))!,
    scanned: asWritten(m.scan, and(base, rank)!),
  });
  const notExact = not(m.isExact);
  if (!m.prefix) return [part([m.exact], m.isExact), part([], notExact)];
  return [
    part([m.exact], m.isExact),
    part([m.prefix], and(m.isPrefix, notExact)!),
    part([], and(not(m.isPrefix), notExact)!),
  ];
}

export interface Estimates {
  /** Goods in the catalogue. */
  catalogue: number;
  /** Goods matching the list's filters. */
  matches: number;
  /** Of them, in each part (ranked lists). */
  parts: number[];
}

/**
 * The planner's estimates, in one EXPLAIN: the catalogue, the matches, and for a ranked list
 * the exact and prefix matches, each a single term condition the statistics know (their
 * difference sizes the parts).
 */
export function estimateQuery(spec: ListSpec) {
  const m = spec.match;
  const sets = [sql`true`, spec.where ?? sql`true`];
  if (m)
    sets.push(and(spec.base, m.exact)!, ...(m.prefixEstimate ? [and(spec.base, m.prefixEstimate)!] : []));
  return sql`explain (format json) ${sql.join(
    sets.map((w) => sql`(select 1 from ${goods} where ${w})`),
    sql` union all `,
  )}`;
}

export async function estimates(db: Queryable, spec: ListSpec): Promise<Estimates> {
  const [row] = resultRows<{ 'QUERY PLAN': unknown }>(await db.execute(estimateQuery(spec)));
  const raw = row?.['QUERY PLAN'];
  const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const rows = (top?.Plan.Plans ?? []).map((p) => Math.max(0, Math.round(p['Plan Rows'] ?? 0)));
  // A plan of another shape than one branch a set: no estimate, read it as a broad list whose
  // parts all go through their indexes (correct, only not the fastest).
  if (rows.length !== 2 + (spec.match ? (spec.match.prefix ? 2 : 1) : 0))
    return { catalogue: 0, matches: Number.POSITIVE_INFINITY, parts: [] };
  const [catalogue = 0, matches = 0, exact = 0, prefix] = rows;
  // Exact matches are few (a term the statistics do not list is guessed at ~0.5%): they are
  // not taken off the prefix part.
  const parts = prefix === undefined ? [exact, matches] : [exact, prefix, matches - prefix];
  return { catalogue, matches, parts: parts.map((n) => Math.max(0, n)) };
}
interface PlanNode {
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

/** The goods of a page, `ids` in list order, with the columns a list item shows. */
function withItems(ids: SQL, extra: SQL = sql``) {
  const cols = sql.join(
    Object.entries(itemColumns).map(([key, col]) => sql`${col} as ${sql.identifier(key)}`),
    sql`, `,
  );
  return sql`select ${cols}, ${validity} as validity${extra}
    from (select *, row_number() over () as ord from (${ids}) as ids) as page
    join ${goods} on ${goods.id} = page.id order by page.ord`;
}

/**
 * A list expected to be small: all its goods ranked and sorted, one page of them with their
 * columns, and how many there are (`count(*) over ()`, `n` on every row).
 */
export function wholeListQuery(spec: ListSpec, limit: number, offset: number) {
  const keys = spec.match ? [{ expr: spec.match.rank, dir: 'asc' as const }, ...spec.keys] : spec.keys;
  return withItems(
    sql`select ${goods.id} as id, count(*) over ()::int as n from ${goods} where ${spec.where}
      order by ${byExpr(keys)} limit ${limit} offset ${offset}`,
    sql`, page.n`,
  );
}

/**
 * The first `want` goods of a part in the popularity order, as CTEs named `name…`. With
 * `walkRows`, that many best sellers (goods_popularity_idx: sales, id) are searched first for
 * purchasable goods of the part, and the bitmap scan of the part only runs when they do not
 * hold `want` of them; without, the part is read through its indexes and sorted.
 *
 * The walk keeps to purchasable goods because they come first and are nearly all of them
 * (97% of the benchmark catalogue): `want` of them found are the part's first `want`. The
 * index holds no stock, so moving stock (every order) stays a HOT update that leaves the
 * search indexes alone (order/stock.ts counts on it).
 */
function partCtes(name: string, part: Part, want: number, walkRows: number | null): SQL {
  const keys = POPULARITY_KEYS;
  const all = sql.raw(`${name}_all`);
  const walk = sql.raw(`${name}_walk`);
  const head = sql.raw(name);
  const allCte = sql`${all} as materialized (select ${goods.id} as id, ${sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  )} from ${goods} where ${part.indexed})`;
  const sorted = sql`select id from ${all} order by ${orderBy(keys, (i) => sql.raw(`k${i}`))} limit ${want}`;
  if (walkRows === null) return sql`${allCte}, ${head} as (${sorted})`;
  // The subquery is named like the table so that the filter applies to it unchanged; without
  // an outer ORDER BY the walk stops as soon as it has found `want` goods.
  return sql`${walk} as materialized (
      select ${goods.id} as id from (
        select * from ${goods} order by ${byExpr(BEST_SELLERS)} limit ${walkRows}
      ) as ${goods} where ${keys[0]!.expr} and ${part.scanned} limit ${want}),
    ${allCte},
    ${head} as (
      select id from ${walk} where (select count(*) from ${walk}) >= ${want}
      union all
      select id from (${sorted}) as by_index where (select count(*) from ${walk}) < ${want})`;
}

/** One part's first `want` ids (the statement the list runs for each part, on its own). */
export function partQuery(part: Part, want: number, walkRows: number | null) {
  return sql`with ${partCtes('part', part, want, walkRows)} select id from part`;
}

/**
 * One page of a list made of parts read one after the other, with the goods' columns: each
 * part gives its first `offset + limit` goods, and the page is cut from them in order. The
 * parts run lazily: one that is not reached is not read.
 */
export function partsPageQuery(parts: (Part & { walkRows: number | null })[], limit: number, offset: number) {
  const want = offset + limit;
  const ctes = parts.map((p, i) => partCtes(`p${i}`, p, want, p.walkRows));
  const heads = sql.join(
    parts.map((_, i) => sql`select id from ${sql.raw(`p${i}`)}`),
    sql` union all `,
  );
  return sql`with ${sql.join(ctes, sql`, `)} ${withItems(sql`${heads} limit ${limit} offset ${offset}`)}`;
}

/** A list in any other order, with the goods' columns: the planner's choice of index or sort. */
export function plainPageQuery(spec: ListSpec, limit: number, offset: number) {
  return withItems(sql`select ${goods.id} as id from ${goods} where ${spec.where}
    order by ${byExpr(spec.keys)} limit ${limit} offset ${offset}`);
}

/** How many goods match `where`, counting no further than `cap` (the work stops there too). */
export function countQuery(where: SQL | undefined, cap: number) {
  return sql`with matches as materialized (select 1 from ${goods} where ${where})
    select count(*)::int as n from (select 1 from matches limit ${cap}) as counted`;
}

export async function readCount(db: Queryable, where: SQL | undefined, cap: number): Promise<number> {
  return Number(resultRows<{ n: number }>(await db.execute(countQuery(where, cap)))[0]?.n ?? 0);
}

// Longest index walk tried before the bitmap scan (rows of goods_popularity_idx).
const MAX_WALK = 50_000;

/**
 * The rows of goods_popularity_idx to walk for `wanted` goods of a part of about `size` goods
 * in a `catalogue`, or null when reading the part through its indexes costs less. A walk reads
 * about `wanted × catalogue / size` rows at ~1.5 µs (a heap row each, tested on its columns);
 * the bitmap scan reads `size` rows at `perRow` µs, measured at 200,000 goods: ~3 for names
 * (the catalogue is stored in name order, so a name's matches share pages), ~5 for makers
 * (spread over the table). The walk is given three times its expected length before falling
 * back.
 */
export function walkRows(wanted: number, size: number, catalogue: number, perRow = 3): number | null {
  // The planner guesses ~0.5% of the catalogue for a term its statistics do not list (the
  // rarer ones): a part estimated under 1% may be two such guesses and hold nothing.
  if (!(size > 0.01 * catalogue && Number.isFinite(size))) return null;
  const expected = (wanted * Math.max(catalogue, size)) / size;
  if (1.5 * expected > perRow * size || expected * 3 > MAX_WALK) return null;
  return Math.max(1_000, Math.ceil(3 * expected));
}

/** The statement of one page of a list broader than the count cap (see the top of the file). */
export function broadPageQuery(spec: ListSpec, est: Estimates, limit: number, offset: number) {
  const want = offset + limit;
  if (!spec.match) {
    if (spec.keys !== POPULARITY_KEYS) return plainPageQuery(spec, limit, offset);
    const where = spec.where ?? sql`true`;
    const walk = walkRows(want, est.matches, est.catalogue);
    return partsPageQuery([{ indexed: where, scanned: where, walkRows: walk }], limit, offset);
  }
  const perRow = spec.match.type === 1 ? 5 : 3;
  return partsPageQuery(
    rankParts(spec).map((part, i) => ({
      ...part,
      walkRows: walkRows(want, est.parts[i] ?? 0, est.catalogue, perRow),
    })),
    limit,
    offset,
  );
}
