import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../platform/db.js';
import { goods } from './schema.js';
import { bigrams } from './search-keys.js';

const textArray = (terms: string[]) => sql`${sql.param(terms)}::text[]`;

/**
 * Character pairs most makers' or names' texts hold (有限公司 in ~95% of makers, 注射液 in
 * every injection). Their n-gram lists are nearly the whole catalogue: a Chinese query needs
 * only its other pairs from the index (the `LIKE` recheck keeps the meaning), which spares
 * reading those lists and lets the planner estimate the match count from the rarest pairs
 * rather than multiply them all (股份有限公司 was estimated at a few hundred goods for
 * ~10,000, then ranked whole: the slowest request of all).
 */
const COMMON_PAIRS = new Set([
  '有限',
  '限公',
  '公司',
  '份有',
  '责任',
  '任公',
  '限责',
  '制药',
  '药业',
  '医药',
  '药有',
  '业有',
  '药股',
  '业股',
  '集团',
  '药厂',
  '胶囊',
  '颗粒',
  '注射',
  '射液',
  '口服',
  '服液',
  '散片',
]);

/** The pairs of a query its index lookup needs: the uncommon ones, or the first if all are common. */
function indexPairs(kw: string): string[] {
  const all = bigrams(kw);
  const rare = all.filter((b) => !COMMON_PAIRS.has(b));
  return rare.length > 0 ? rare : all.slice(0, 1);
}

export interface KeywordMatch {
  /** 0 medicine (names, approval numbers), 1 manufacturer. */
  type: 0 | 1;
  /** Which goods match; every arm is served by an index (007-search-indexes.md). */
  filter: SQL;
  /**
   * The same goods as `filter`, tested on the row's columns rather than on its n-gram array:
   * what an index walk checks row by row, at a third of the cost. (`filter` itself when a
   * column test could differ from the terms: a query with a non-ASCII cased letter, which JS
   * and a C-locale lower() fold differently.)
   */
  scan: SQL;
  /** 0 exact, 1 prefix, 2 substring: the first ranking key of a keyword search. */
  rank: SQL<number>;
  /** Rank 0, tested on the columns. */
  isExact: SQL;
  /** Rank 0 or 1, tested on the columns. */
  isPrefix: SQL;
  /**
   * Among the matches, those of rank 0, as a condition the n-gram index serves (`x:` terms):
   * the list reads each rank's goods from the index instead of ranking every match.
   */
  exact: SQL;
  /**
   * Among the matches, those of rank 0 or 1 (`p2:`/`f:` terms for two characters); null
   * when every match is a prefix match (one character matches the start of a name).
   */
  prefix: SQL | null;
  /**
   * `prefix` as the planner can estimate it: without lower(), which it has no statistics for
   * (used only to size the parts, never to filter).
   */
  prefixEstimate: SQL | null;
}

/**
 * The keyword search of issue 3 §3. `type` 0: generic or trade name (Chinese substring,
 * pinyin initials anywhere, full-pinyin prefix) or approval number; `type` 1: manufacturer.
 * One-character queries match the start of a name (see search-keys.ts).
 */
export function keywordMatch(keywords: string, type: 0 | 1): KeywordMatch {
  const kw = keywords.trim().toLowerCase();
  const n = Array.from(kw).length;
  const ascii = /^[a-z0-9]+$/.test(kw);
  // Pinyin keys hold letters, digits and the space between name parts: another query cannot
  // equal or start one, and the comparisons are left out.
  const pinyinLike = /^[a-z0-9 ]+$/.test(kw);
  // Without a cased character (Chinese, digits) lower() changes nothing a match could see: the
  // comparisons skip it and ILIKE becomes LIKE. With ASCII letters only, only ASCII letters of
  // a name can match them: lower() under the C collation folds those alone, byte by byte,
  // where the database's locale converts every character first (a walk tests thousands).
  const caseless = kw.toUpperCase() === kw;
  const printable = /^[\x20-\x7e]*$/.test(kw);
  const scannable = caseless || printable;
  const lc = (col: SQL | AnyColumn) =>
    caseless ? sql`${col}` : printable ? sql`lower(${col} collate "C")` : sql`lower(${col})`;
  const like = caseless ? sql`like` : sql`ilike`;
  const esc = escapeLike(kw);
  const sub = `%${esc}%`;
  const pre = `${esc}%`;
  const anyPre = `% ${esc}%`;
  const anyExact = `% ${esc} %`;
  const spaced = /\s/.test(kw);
  const g = goods.searchGrams;
  const or = (conds: SQL[]) => sql`(${sql.join(conds, sql` or `)})`;
  const terms = (...ts: string[]) => sql`${g} && ${textArray(ts)}`;
  // Pinyin terms hold letters and digits only: another query leaves them out (fewer index
  // entries to read, and no guess for them in the planner's estimate).
  const pin = (...ts: string[]) => (ascii ? ts : []);
  // Arms in the order a row is checked: the cheap pinyin comparisons before the n-gram arrays.
  const arms: SQL[] = [];
  const scanArms: SQL[] = [];

  if (type === 1) {
    // The maker's readings, space-separated (its first reading, then the other readings of
    // its polyphones): a query starts or equals any of them.
    const ini = goods.sccjPyInitials;
    const full = goods.sccjPyFull;
    if (n === 1) {
      arms.push(terms(`mp:${kw}`, ...pin(`mip:${kw}`)));
      scanArms.push(
        sql`${lc(goods.sccj)} like ${pre}`,
        ...(pinyinLike ? [sql`${ini} like ${pre}`, sql`${ini} like ${anyPre}`] : []),
      );
    } else if (n === 2) {
      arms.push(terms(`m:${kw}`, ...pin(`mi:${kw}`, `mf:${kw}`)));
      if (pinyinLike)
        scanArms.push(sql`${ini} like ${sub}`, sql`${full} like ${pre}`, sql`${full} like ${anyPre}`);
      scanArms.push(sql`${lc(goods.sccj)} like ${sub}`);
    } else {
      if (ascii) arms.push(sql`${ini} like ${sub}`, sql`${full} like ${pre}`, sql`${full} like ${anyPre}`);
      arms.push(
        sql`(${g} @> ${textArray(indexPairs(kw).map((b) => `m:${b}`))} and ${goods.sccj} ${like} ${sub})`,
      );
      scanArms.push(...arms.slice(0, -1), sql`${lc(goods.sccj)} like ${sub}`);
    }
    const keys = pinyinLike ? [sql`(' ' || ${ini} || ' ')`, sql`(' ' || ${full} || ' ')`] : [];
    const isExact = or([...keys.map((k) => sql`${k} like ${anyExact}`), sql`${lc(goods.sccj)} = ${kw}`]);
    const isPrefix = or([...keys.map((k) => sql`${k} like ${anyPre}`), sql`${lc(goods.sccj)} like ${pre}`]);
    const makerPrefix = [ini, full].flatMap((k) => [sql`${k} like ${pre}`, sql`${k} like ${anyPre}`]);
    // The same, each arm on an index (the maker's bigrams stand for its start).
    const makerBigrams = textArray(indexPairs(kw).map((b) => `m:${b}`));
    const prefixIndexed = or([
      ...(ascii ? makerPrefix : []),
      sql`(${g} @> ${makerBigrams} and ${lc(goods.sccj)} like ${pre})`,
    ]);
    const prefix = n === 1 ? null : n === 2 ? terms(`mp2:${kw}`, ...pin(`mf:${kw}`)) : prefixIndexed;
    return {
      type,
      filter: or(arms),
      scan: scannable ? or(scanArms) : or(arms),
      rank: sql<number>`case when ${isExact} then 0 when ${isPrefix} then 1 else 2 end`,
      isExact,
      isPrefix,
      exact: spaced ? isExact : terms(`mx:${kw}`),
      prefix,
      prefixEstimate: n >= 3 && pinyinLike && !caseless ? or(makerPrefix) : prefix,
    };
  }

  // Initials and full pinyin of the name parts, space-separated.
  const ini = goods.pyInitials;
  const full = goods.pyFull;
  const names = [goods.name, goods.tradeName];
  if (n === 1) {
    arms.push(terms(`cp:${kw}`, ...pin(`ip:${kw}`)));
    scanArms.push(
      ...(pinyinLike ? [sql`${ini} like ${pre}`, sql`${ini} like ${anyPre}`] : []),
      ...names.map((c) => sql`${lc(c)} like ${pre}`),
    );
  } else if (n === 2) {
    arms.push(terms(`c:${kw}`, ...pin(`i:${kw}`, `f:${kw}`)));
    scanArms.push(
      ...(pinyinLike ? [sql`${ini} like ${sub}`, sql`${full} like ${pre}`, sql`${full} like ${anyPre}`] : []),
      ...names.map((c) => sql`${lc(c)} like ${sub}`),
    );
  } else {
    if (ascii) arms.push(sql`${ini} like ${sub}`, sql`${full} like ${pre}`, sql`${full} like ${anyPre}`);
    // Approval numbers (国药准字H20003263) are looked up by their digits: a query without one
    // is a name, and leaving the arm out spares an index scan.
    const approval = /[0-9]/.test(kw);
    if (approval) arms.push(sql`${goods.approvalNo} ${like} ${sub}`);
    const byName = or(names.map((c) => sql`${c} ${like} ${sub}`));
    arms.push(sql`(${g} @> ${textArray(indexPairs(kw).map((b) => `c:${b}`))} and ${byName})`);
    // ILIKE folds every character through the locale; lc() folds only what can match.
    scanArms.push(
      ...(ascii ? arms.slice(0, 3) : []),
      ...(approval ? [sql`${lc(goods.approvalNo)} like ${sub}`] : []),
      ...names.map((c) => sql`${lc(c)} like ${sub}`),
    );
  }
  const keys = pinyinLike ? [sql`(' ' || ${ini} || ' ')`, sql`(' ' || ${full} || ' ')`] : [];
  const texts = [goods.name, goods.tradeName, goods.approvalNo].map(lc);
  const isExact = or([
    ...keys.map((k) => sql`${k} like ${anyExact}`),
    ...texts.map((t) => sql`${t} = ${kw}`),
  ]);
  const isPrefix = or([
    ...keys.map((k) => sql`${k} like ${anyPre}`),
    ...texts.map((t) => sql`${t} like ${pre}`),
  ]);
  const pinyinPrefix = [ini, full].flatMap((k) => [sql`${k} like ${pre}`, sql`${k} like ${anyPre}`]);
  // The same, each arm on an index: trigrams for the pinyin and the approval number, the
  // name's bigrams standing for its start.
  const prefixIndexed = or([
    ...(ascii ? pinyinPrefix : []),
    sql`${goods.approvalNo} ${like} ${pre}`,
    sql`(${g} @> ${textArray(indexPairs(kw).map((b) => `c:${b}`))} and ${or(names.map((c) => sql`${lc(c)} like ${pre}`))})`,
  ]);
  // (A query with a space can start the initials of one part and end in the next: no index
  // arm serves that.)
  const prefix =
    n === 1 ? null : n === 2 ? terms(`p2:${kw}`, ...pin(`f:${kw}`)) : spaced ? isPrefix : prefixIndexed;
  return {
    type,
    filter: or(arms),
    scan: scannable ? or(scanArms) : or(arms),
    rank: sql<number>`case when ${isExact} then 0 when ${isPrefix} then 1 else 2 end`,
    isExact,
    isPrefix,
    // A query with a space can equal two initials parts together ('a b'): no term holds that.
    exact: spaced ? isExact : terms(`x:${kw}`),
    prefix,
    prefixEstimate: n >= 3 && pinyinLike && !caseless ? or(pinyinPrefix) : prefix,
  };
}

/** Purchasable now (`is_buy` and stock above 0): ranks before the rest. */
export const buyableNow = sql<boolean>`(${goods.stock} > 0 and ${goods.isBuy})`;
