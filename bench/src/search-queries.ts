import { pinyinKeys } from '@kc/server/dist/modules/catalog/pinyin.js';

/** A query category of the search benchmark: keyword/type pairs cycled through. */
export interface Category {
  name: string;
  queries: { keywords: string; type: 0 | 1 }[];
}

interface Goods {
  name: string;
  sccj: string;
  approval_no: string;
}

const MAX = 20;
const distinct = (xs: string[]) => [...new Set(xs.filter(Boolean))].slice(0, MAX);

/**
 * Builds the query categories from the best sellers of the catalogue being measured, so every
 * query is one a buyer could type and finds goods: pinyin initials of 1 to 6 letters, two
 * Chinese characters, manufacturers (initials and two characters) and approval numbers.
 */
export async function categoriesFrom(baseUrl: string): Promise<Category[]> {
  const goods: Goods[] = [];
  for (let page = 1; page <= 3; page++) {
    const res = await fetch(`${baseUrl}/api/goods/list?sort=sales&page_size=100&page=${page}`);
    const body = (await res.json()) as { data: { list: Goods[] } };
    goods.push(...body.data.list);
  }
  const names = distinct(goods.map((g) => g.name)).map((n) => ({ n, ini: pinyinKeys(n).initials }));
  const cats: Category[] = [];
  for (let k = 1; k <= 6; k++) {
    const qs = distinct(names.filter((x) => x.ini.length >= k).map((x) => x.ini.slice(0, k)));
    cats.push({ name: `pinyin_${k}`, queries: qs.map((keywords) => ({ keywords, type: 0 })) });
  }
  cats.push({
    name: 'chinese_2',
    queries: distinct(names.flatMap((x) => [x.n.slice(0, 2), x.n.slice(1, 3)])).map((keywords) => ({
      keywords,
      type: 0,
    })),
  });
  const makers = [...new Set(goods.map((g) => g.sccj))];
  cats.push({
    name: 'manufacturer',
    queries: [
      ...distinct(makers.map((m) => pinyinKeys(m).initials.slice(0, 4))).slice(0, MAX / 2),
      ...distinct(makers.map((m) => m.slice(0, 2))).slice(0, MAX / 2),
    ].map((keywords) => ({ keywords, type: 1 })),
  });
  // Words most makers' names hold (股份有限公司: about 10,000 goods at 200,000): the broadest
  // maker searches.
  cats.push({
    name: 'manufacturer_common',
    queries: ['股份有限公司', '有限公司', '制药', '药业', 'gfyxgs', 'yxgs'].map((keywords) => ({
      keywords,
      type: 1,
    })),
  });
  const approvals = distinct(goods.map((g) => g.approval_no).filter((a) => /\d/.test(a)));
  cats.push({
    name: 'approval_no',
    queries: approvals
      .flatMap((a, i) => (i % 2 ? [a] : [a.replace(/^\D+/, '')]))
      .map((keywords) => ({ keywords, type: 0 })),
  });
  return cats;
}
