import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GoodsDetail, GoodsListPage } from '@kc/domain';
import { api } from '../../../shared/api';

/** The parameters of `GET /api/goods/list` the pages send (see docs/api/catalog.md). */
export interface GoodsListParams {
  page: number;
  page_size: number;
  select?: number;
  brand?: number;
  keywords?: string;
  type?: 0 | 1;
  zone?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  in_stock?: 0 | 1;
}

/** Drops absent values so the query key and the URL stay the same for the same list. */
function compact(p: GoodsListParams): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '' && v !== null) out[k] = v;
  return out;
}

export const goodsListQuery = (params: GoodsListParams) => {
  const p = compact(params);
  return queryOptions({
    queryKey: ['goods', 'list', p],
    queryFn: ({ signal }) => api.get<GoodsListPage>('/api/goods/list', p, { signal }),
    staleTime: 30_000,
  });
};

/** A page of goods; the previous page stays on screen while the next one loads. */
export const useGoodsList = (params: GoodsListParams) =>
  useQuery({ ...goodsListQuery(params), placeholderData: keepPreviousData });

/** The goods id in a detail path (/list/info/:id), or 0 when it is not one (no call is made for it). */
export function goodsIdOf(param: string | undefined): number {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

export const goodsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['goods', 'detail', id],
    queryFn: ({ signal }) => api.get<GoodsDetail>(`/api/goods/detail/${id}`, undefined, { signal }),
    staleTime: 30_000,
  });

export const useGoodsDetail = (id: number) => useQuery({ ...goodsDetailQuery(id), enabled: id > 0 });
