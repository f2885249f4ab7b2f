import { GOODS_SORTS } from '@kc/domain';
import type { GoodsListParams } from '../api/goods';

export const PAGE_SIZES = [20, 40, 100] as const;
export const DEFAULT_PAGE_SIZE = 40;

/** Sort choices; one the server does not know yet (expiry) is left out rather than sent. */
const SORT_LABELS: Record<string, string> = {
  default: '综合',
  sales: '销量',
  price: '价格',
  expiry: '有效期',
};
export const SORT_OPTIONS = Object.keys(SORT_LABELS)
  .filter((k) => (GOODS_SORTS as readonly string[]).includes(k))
  .map((value) => ({ value, label: SORT_LABELS[value] ?? value }));

const positive = (v: string | null): number | undefined => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** What a list page fixes regardless of the URL (its zone, brand or category). */
export type FixedParams = Partial<Pick<GoodsListParams, 'zone' | 'brand' | 'select' | 'keywords' | 'type'>>;

/**
 * The list call's parameters from the page URL (`/list?select=3&yx=1&sort=price&page=2`);
 * unknown or malformed values fall back to the defaults instead of failing the call.
 */
export function readListParams(
  url: URLSearchParams,
  fixed: FixedParams = {},
  page?: number,
): GoodsListParams {
  const sort = url.get('sort') ?? undefined;
  const order = url.get('order');
  const size = positive(url.get('page_size'));
  const type = url.get('type') === '1' ? 1 : 0;
  const keywords = url.get('keywords')?.trim().slice(0, 50) || undefined;
  return {
    page: page ?? positive(url.get('page')) ?? 1,
    page_size: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    select: positive(url.get('select')),
    brand: positive(url.get('brand')),
    zone: url.get('zone') || undefined,
    keywords,
    type: keywords ? type : undefined,
    sort: sort && SORT_OPTIONS.some((o) => o.value === sort) && sort !== 'default' ? sort : undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
    in_stock: url.get('in_stock') === '1' ? 1 : undefined,
    ...fixed,
  };
}

/** The URL with `changes` applied; any filter change returns to page 1. */
export function withChanges(url: URLSearchParams, changes: Record<string, string | number | undefined>) {
  const next = new URLSearchParams(url);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === '') next.delete(k);
    else next.set(k, String(v));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
