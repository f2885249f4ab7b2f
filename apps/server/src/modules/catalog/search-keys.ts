import { allReadings, pinyinKeys, pinyinKeysOf } from './pinyin.js';

/**
 * Short search terms of one goods, stored in `goods.search_grams` (GIN). Trigram indexes do
 * not serve patterns under three characters and do not see Chinese at all under the C
 * locale, so every query of one or two characters, and every Chinese query, is answered from
 * these terms (docs/decisions/007-search-indexes.md):
 *
 * - `cp:阿` / `ip:a`: first character / first pinyin initial of a name part (1-char queries
 *   match the start of a name: one character anywhere would match most of the catalogue);
 * - `c:西林` / `i:xl`: every two-character run of a name part / of its initials;
 * - `f:am`: the first two letters of a name part's full pinyin;
 * - `x:阿莫西林` / `x:amxl` / `x:amoxilin` / `x:国药准字h20003263`: a whole name part, its
 *   initials, its full pinyin, the approval number — what ranks as an exact match;
 * - `p2:阿莫` / `p2:am`: the first two characters of a name part, of its initials, of the
 *   approval number — with `f:`, what ranks a two-character query as a prefix match;
 * - the same for the manufacturer with `mp:`, `mip:`, `m:`, `mi:`, `mf:`, `mx:`, `mp2:`.
 *
 * Every plausible reading of a polyphone counts (pinyin.ts): the pinyin terms are made for
 * each reading the text's keys list, so 参麦 gives `x:smzsy` and `x:cmzsy`. An English
 * (INN) generic name gives its words' `x:` and `f:` terms (it is matched as full pinyin).
 *
 * The `x:` and `p2:` terms let a broad query read its exact and prefix matches from the index
 * instead of ranking every match (read.ts). Migration 0003 derives them in SQL for goods
 * written before they existed; keep the two in step.
 */
export function searchGrams(
  name: string,
  tradeName: string,
  sccj: string,
  approvalNo = '',
  innName = '',
): string[] {
  const out = new Set<string>();
  const add = (prefix: string, term: string) => {
    if (term) out.add(prefix + term);
  };
  const two = (prefix: string, term: string) => {
    const chars = Array.from(term);
    if (chars.length >= 2) out.add(prefix + chars[0]! + chars[1]!);
  };
  const part = (
    text: string,
    p: {
      first: string;
      firstIni: string;
      bi: string;
      biIni: string;
      full: string;
      exact: string;
      pre2: string;
    },
  ) => {
    const t = text.trim().toLowerCase();
    if (!t) return;
    const chars = Array.from(t);
    const keys = pinyinKeys(text);
    out.add(p.first + chars[0]);
    for (let i = 0; i + 1 < chars.length; i++) out.add(p.bi + chars[i] + chars[i + 1]);
    add(p.exact, t);
    two(p.pre2, t);
    for (const ini of [keys.initials, ...keys.otherInitials]) {
      if (ini) out.add(p.firstIni + ini[0]);
      for (let i = 0; i + 1 < ini.length; i++) out.add(p.biIni + ini.slice(i, i + 2));
      add(p.exact, ini);
      two(p.pre2, ini);
    }
    for (const full of [keys.full, ...keys.otherFull]) {
      if (full.length >= 2) out.add(p.full + full.slice(0, 2));
      add(p.exact, full);
    }
  };
  const goodsPrefixes = {
    first: 'cp:',
    firstIni: 'ip:',
    bi: 'c:',
    biIni: 'i:',
    full: 'f:',
    exact: 'x:',
    pre2: 'p2:',
  };
  part(name, goodsPrefixes);
  part(tradeName, goodsPrefixes);
  for (const word of innWords(innName)) {
    add('x:', word);
    if (word.length >= 2) out.add('f:' + word.slice(0, 2));
  }
  // As stored: the rank compares `lower(approval_no)` untrimmed.
  const approval = approvalNo.toLowerCase();
  add('x:', approval);
  two('p2:', approval);
  part(sccj, {
    first: 'mp:',
    firstIni: 'mip:',
    bi: 'm:',
    biIni: 'mi:',
    full: 'mf:',
    exact: 'mx:',
    pre2: 'mp2:',
  });
  return [...out];
}

/**
 * The parts an English (INN) generic name adds to the full pinyin: the whole name, then its
 * other words but joining words ('Amoxicillin and Clavulanate Potassium' →
 * amoxicillinandclavulanatepotassium, clavulanate, potassium). The first word is left to
 * start the whole, so `amoxicillin` is a prefix match there and an exact one on Amoxicillin.
 */
export function innWords(inn: string): string[] {
  const words = inn
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !JOINING_WORDS.has(w));
  const whole = inn.toLowerCase().replace(/[^a-z0-9]/g, '');
  return [...new Set([whole, ...words.slice(1)].filter(Boolean))];
}
const JOINING_WORDS = new Set(['and', 'for', 'of', 'with', 'in']);

/** What a goods is searched by, as written (create, edit, import, bulk, seed). */
export interface SearchTexts {
  name: string;
  tradeName?: string;
  sccj: string;
  approvalNo?: string;
  innName?: string;
}

/**
 * The stored search columns of a goods: every reading of its names and maker (first reading
 * first), the INN words beside the full pinyin, and the n-gram terms. Every write path uses it.
 */
export function searchColumns(t: SearchTexts) {
  const name = pinyinKeysOf(t.name, t.tradeName ?? '');
  const maker = pinyinKeys(t.sccj);
  return {
    pyInitials: allReadings(name.initials, name.otherInitials),
    pyFull: allReadings(name.full, [...name.otherFull, ...innWords(t.innName ?? '')]),
    sccjPyInitials: allReadings(maker.initials, maker.otherInitials),
    sccjPyFull: allReadings(maker.full, maker.otherFull),
    searchGrams: searchGrams(t.name, t.tradeName ?? '', t.sccj, t.approvalNo ?? '', t.innName ?? ''),
  };
}

/** Two-character runs of a query (for Chinese queries of three characters or more). */
export function bigrams(text: string): string[] {
  const chars = Array.from(text);
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  return [...out];
}
