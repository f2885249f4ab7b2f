import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBrand,
  AdminCategory,
  AdminGoodsDetail,
  AdminWarehouse,
  GoodsZone,
  KxReleaseView,
} from '@kc/domain';
import { api, type Params } from '../../../shared/api';

/** The catalogue's list paths (usePagedTable keys start with them). */
export const GOODS_PATH = '/api/admin/goods';
export const LOTS_PATH = '/api/admin/lots';
export const LEDGER_PATH = '/api/admin/stock_ledger';

const STATIC = 60_000;

export const goodsKey = (id: number) => ['admin', 'goods', id] as const;

/** Every category, flat (`parent_id` 0 = a root). */
export function useCategories() {
  return useQuery({
    queryKey: ['admin', 'categories'],
    queryFn: ({ signal }) => api.get<AdminCategory[]>('/api/admin/categories', undefined, { signal }),
    staleTime: STATIC,
  });
}

export function useBrands() {
  return useQuery({
    queryKey: ['admin', 'brands'],
    queryFn: ({ signal }) => api.get<AdminBrand[]>('/api/admin/brands', undefined, { signal }),
    staleTime: STATIC,
  });
}

export function useWarehouses() {
  return useQuery({
    queryKey: ['admin', 'warehouses'],
    queryFn: ({ signal }) => api.get<AdminWarehouse[]>('/api/admin/warehouses', undefined, { signal }),
    staleTime: STATIC,
  });
}

export function useZones() {
  return useQuery({
    queryKey: ['admin', 'zones'],
    queryFn: ({ signal }) =>
      api.get<{ code: GoodsZone; name: string }[]>('/api/admin/zones', undefined, { signal }),
    staleTime: Infinity,
  });
}

export function useGoods(id: number | null) {
  return useQuery({
    queryKey: goodsKey(id ?? 0),
    queryFn: ({ signal }) => api.get<AdminGoodsDetail>(`${GOODS_PATH}/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

export function useKxReleases(goodsId: number | null) {
  return useQuery({
    queryKey: ['admin', 'kx_releases', goodsId],
    queryFn: ({ signal }) =>
      api.get<KxReleaseView[]>('/api/admin/kx_releases', { goods_id: goodsId }, { signal }),
    enabled: goodsId !== null,
  });
}

/**
 * A catalogue write (POST, or DELETE with `del`). Afterwards the catalogue's lists, the
 * taxonomy and the goods are read again.
 */
export function useCatalogWrite<T = unknown>() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body, del }: { path: string; body?: Params; del?: boolean }) =>
      del ? api.del<T>(path, body) : api.post<T>(path, body),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== 'me' });
    },
  });
}
