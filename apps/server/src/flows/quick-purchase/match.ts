import { sql } from 'drizzle-orm';
import {
  QUICK_LIMITS,
  adjustToMiddlePack,
  type QuickMatchReply,
  type QuickMatchedBy,
  type QuickRow,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { goodsByCodes } from '../../modules/cart/codes.js';
import { goods } from '../../modules/catalog/schema.js';
import { keywordMatch } from '../../modules/catalog/search.js';
import { priceAudience } from '../../modules/catalog/view.js';
import { candidates, candidatesByIds, perKey, quickGoods, type CandidateRow } from './goods.js';
import type { ListRow } from './rows.js';

// How a list writes a name, a specification, a maker or an approval number differs from the
// catalogue in spacing, full-width signs and the "×" of a pack: compare normalised text.
const nText = (s: string) =>
  s
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[（【[]/g, '(')
    .replace(/[）】\]]/g, ')');
const nSpec = (s: string) => nText(s).replace(/[×＊✕*]|(?<=\d)x(?=\d)/g, '*');
const nMaker = (s: string) => nText(s).replace(/(股份)?(有限)?(责任)?公司$|集团$|\(.*\)$/g, '');
const approvalKey = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

const sameSpec = (row: ListRow, g: CandidateRow) => !row.ypgg || nSpec(row.ypgg) === nSpec(g.ypgg);
const sameMaker = (row: ListRow, g: CandidateRow) => {
  if (!row.sccj) return true;
  const a = nMaker(row.sccj);
  const b = nMaker(g.sccj);
  return a.length > 0 && (a === b || b.includes(a) || a.includes(b));
};
const sameName = (row: ListRow, g: CandidateRow) =>
  !row.name || [g.name, g.tradeName].some((n) => n && nText(n) === nText(row.name));

/**
 * One goods when the candidates are one product (the same name, specification and maker in
 * several warehouses): the purchasable one with the most stock. Null when they differ.
 */
function single(cands: CandidateRow[]): CandidateRow | null {
  if (cands.length === 0) return null;
  const sku = (g: CandidateRow) => `${nText(g.name)}|${nSpec(g.ypgg)}|${nMaker(g.sccj)}`;
  if (new Set(cands.map(sku)).size > 1) return null;
  const score = (g: CandidateRow) => (g.isBuy && g.stock > 0 ? 1e12 : 0) + g.stock;
  return [...cands].sort((a, b) => score(b) - score(a) || a.id - b.id)[0]!;
}

/** Candidates narrowed by the row's specification and maker, when that leaves any. */
function narrow(row: ListRow, cands: CandidateRow[]): CandidateRow[] {
  const both = cands.filter((g) => sameSpec(row, g) && sameMaker(row, g));
  if (both.length > 0) return both;
  return cands;
}

/** How near a goods is to a row, for ordering candidates and the nearest goods. */
function nearness(row: ListRow, g: CandidateRow): number {
  let s = 0;
  if (sameName(row, g)) s += 4;
  else if (
    row.name &&
    [g.name, g.tradeName].some(
      (n) => n && (nText(n).includes(nText(row.name)) || nText(row.name).includes(nText(n))),
    )
  )
    s += 2;
  if (row.ypgg && nSpec(row.ypgg) === nSpec(g.ypgg)) s += 2;
  if (row.sccj && sameMaker(row, g)) s += 2;
  return s;
}

/** Rows of one list that may each run a keyword search of their own (about 60 ms each on 20,000 goods). */
const SEARCHES_PER_LIST = 5;

type Found =
  { by: QuickMatchedBy; goods: CandidateRow } | { by: QuickMatchedBy | null; candidates: CandidateRow[] };

/** What the search found for a row: a match when name, specification and maker agree, else candidates. */
function judge(row: ListRow, found: CandidateRow[]): Found {
  const ranked = found
    .map((g) => ({ g, s: nearness(row, g) }))
    .sort((a, b) => b.s - a.s || b.g.sales - a.g.sales)
    .map((x) => x.g);
  const exact = ranked.filter((g) => sameName(row, g) && sameSpec(row, g) && sameMaker(row, g));
  const one = row.name ? single(exact) : null;
  if (one) return { by: 'name', goods: one };
  const close = ranked.filter((g) => nearness(row, g) >= 4);
  return close.length > 0 ? { by: 'name', candidates: close } : { by: null, candidates: ranked };
}

/** The search term of a name's start: its first two characters (`c:`), or its first (`cp:`). */
const startTerm = (name: string) => {
  const chars = Array.from(name.trim().toLowerCase());
  return chars.length >= 2 ? `c:${chars[0]}${chars[1]}` : chars.length ? `cp:${chars[0]}` : '';
};

/**
 * The goods whose names start like each row's (the search index's n-gram terms), closest names
 * first: one statement for every row left (a lateral join), not a search per row.
 */
function searchStarts(db: Queryable, memberId: number, rows: ListRow[]): Promise<CandidateRow[][]> {
  return perKey(
    db,
    memberId,
    rows.map((r) => startTerm(r.name || r.approvalNo)),
    rows.map((r) => r.name || r.approvalNo),
    sql`goods.search_grams @> array[u.k]`,
    sql`(strpos(u.n, goods.name) > 0 or strpos(goods.name, u.n) > 0) desc, goods.sales desc, goods.id`,
    30,
  );
}

/** Searches the catalogue for one row's name with the keyword search of the list pages. */
async function searchRow(db: Queryable, memberId: number, row: ListRow): Promise<Found> {
  const m = keywordMatch(row.name || row.approvalNo, 0);
  return judge(row, await candidates(db, memberId, m.filter, 40, [sql`${m.rank}`]));
}

/**
 * Matches a buyer's list (issue 14 §1): by approval number, then by the buyer's remembered
 * code, then by name, specification and maker (first exactly, then through the keyword
 * search). Each row comes back matched (with the quantity adjusted to the middle pack),
 * ambiguous (candidates to choose from) or unmatched (the nearest goods). A few statements
 * serve the whole list; only rows no exact step resolves search one by one.
 */
export async function matchList(db: Queryable, memberId: number, rows: ListRow[]): Promise<QuickMatchReply> {
  const audience = await priceAudience(db, memberId);
  const found = new Map<number, Found>();

  // 1. Approval numbers: one statement for the list.
  const keys = [...new Set(rows.map((r) => approvalKey(r.approvalNo)).filter((k) => k.length >= 5))];
  const byApproval = new Map<string, CandidateRow[]>();
  if (keys.length > 0) {
    const expr = sql`upper(regexp_replace(${goods.approvalNo}, '[^A-Za-z0-9]', '', 'g'))`;
    for (const g of await candidates(
      db,
      memberId,
      sql`${expr} in (select unnest(${sql.param(keys)}::text[]))`,
      20 * keys.length,
    ))
      byApproval.set(approvalKey(g.approvalNo), [...(byApproval.get(approvalKey(g.approvalNo)) ?? []), g]);
  }
  const ambiguousByApproval = new Map<number, CandidateRow[]>();
  for (const [i, r] of rows.entries()) {
    const cands = byApproval.get(approvalKey(r.approvalNo));
    if (!cands) continue;
    const narrowed = narrow(r, cands);
    const one = single(narrowed);
    if (one) found.set(i, { by: 'approval_no', goods: one });
    else ambiguousByApproval.set(i, narrowed);
  }

  // 2. The buyer's codes: what they chose for each code before.
  const codeRows = rows.map((r, i) => [r, i] as const).filter(([r, i]) => r.code && !found.has(i));
  const codes = await goodsByCodes(
    db,
    memberId,
    codeRows.map(([r]) => r.code),
  );
  const coded = new Map(
    (await candidatesByIds(db, memberId, [...new Set(codes.values())])).map((g) => [g.id, g]),
  );
  for (const [r, i] of codeRows) {
    const g = coded.get(codes.get(r.code) ?? 0);
    if (g) found.set(i, { by: 'code', goods: g });
  }
  for (const [i, cands] of ambiguousByApproval)
    if (!found.has(i)) found.set(i, { by: 'approval_no', candidates: cands });

  // 3. Name + specification + maker exactly: one statement for the names left.
  const nameRows = rows.map((r, i) => [r, i] as const).filter(([r, i]) => r.name && !found.has(i));
  // One hashed semi-join for every name (`= any($array)` compared each goods with each name).
  const names = [...new Set(nameRows.map(([r]) => r.name))];
  const byName = new Map<string, CandidateRow[]>();
  if (names.length > 0) {
    const inNames = sql`${goods.name} in (select unnest(${sql.param(names)}::text[]))`;
    for (const g of await candidates(db, memberId, inNames, 100 * names.length))
      byName.set(g.name, [...(byName.get(g.name) ?? []), g]);
  }
  for (const [r, i] of nameRows) {
    const cands = byName.get(r.name);
    if (!cands) continue;
    const exact = cands.filter((g) => sameSpec(r, g) && sameMaker(r, g));
    const one = single(exact);
    found.set(i, one ? { by: 'name', goods: one } : { by: 'name', candidates: exact.length ? exact : cands });
  }

  // 4. The rest through the search index: names that start alike in one statement, then
  // (for a few rows that found nothing) the keyword search, which also finds a name's middle.
  const rest = rows
    .map((r, i) => [r, i] as const)
    .filter(([r, i]) => !found.has(i) && (r.name || r.approvalNo));
  const starts = await searchStarts(
    db,
    memberId,
    rest.map(([r]) => r),
  );
  let searches = 0;
  for (const [k, [r, i]] of rest.entries()) {
    const near = starts[k]!;
    if (near.length > 0 || searches >= SEARCHES_PER_LIST) found.set(i, judge(r, near));
    else {
      searches += 1;
      found.set(i, await searchRow(db, memberId, r));
    }
  }

  const out: QuickRow[] = rows.map((r, i) => {
    const f = found.get(i) ?? { by: null, candidates: [] };
    const base = {
      row: r.row,
      code: r.code,
      name: r.name,
      ypgg: r.ypgg,
      sccj: r.sccj,
      approval_no: r.approvalNo,
      wanted: r.wanted,
    };
    if ('goods' in f) {
      const q = adjustToMiddlePack(r.wanted, f.goods);
      return {
        ...base,
        status: 'matched',
        matched_by: f.by,
        goods: quickGoods(f.goods, audience),
        candidates: [],
        quantity: q.number,
        note: q.note,
      };
    }
    const cands = [...f.candidates]
      .sort((a, b) => nearness(r, b) - nearness(r, a) || b.sales - a.sales)
      .slice(0, QUICK_LIMITS.candidates)
      .map((g) => quickGoods(g, audience));
    const ambiguous = f.by !== null && cands.length > 0;
    return {
      ...base,
      status: ambiguous ? 'ambiguous' : 'unmatched',
      matched_by: ambiguous ? f.by : null,
      goods: null,
      candidates: cands,
      quantity: 0,
      note: ambiguous
        ? '匹配到多个商品，请选择'
        : cands.length
          ? '未找到完全一致的商品，以下为相近商品'
          : '未找到相近商品',
    };
  });
  const count = (s: QuickRow['status']) => out.filter((r) => r.status === s).length;
  return {
    rows: out,
    summary: {
      total: out.length,
      matched: count('matched'),
      ambiguous: count('ambiguous'),
      unmatched: count('unmatched'),
    },
  };
}
