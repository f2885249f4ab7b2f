import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBrand,
  AdminCategory,
  CouponAdminView,
  CouponIssueView,
  CouponUsageView,
} from '@kc/domain';
import { api, type Params } from '../../../shared/api';

export const COUPONS_PATH = '/api/admin/coupons';

/** A write on a coupon (create, edit, publish, unpublish); the list is read again. */
export function useCouponWrite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: Params }) => api.post<CouponAdminView>(path, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', COUPONS_PATH] }),
  });
}

/** `POST /api/admin/coupons/{id}/issue`. */
export function useCouponIssue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Params }) =>
      api.post<CouponIssueView>(`${COUPONS_PATH}/${id}/issue`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', COUPONS_PATH] }),
  });
}

/** `GET /api/admin/coupons/{id}/usage`: the counts and a page of the orders that used it. */
export function useCouponUsage(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', COUPONS_PATH, id, 'usage', page, pageSize],
    queryFn: ({ signal }) =>
      api.get<CouponUsageView>(`${COUPONS_PATH}/${id}/usage`, { page, page_size: pageSize }, { signal }),
  });
}

/** Categories and brands for a coupon's scope (the catalogue's lists). */
export function useScopeOptions(enabled: boolean) {
  const categories = useQuery({
    queryKey: ['admin', '/api/admin/categories'],
    queryFn: ({ signal }) => api.get<AdminCategory[]>('/api/admin/categories', undefined, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
  const brands = useQuery({
    queryKey: ['admin', '/api/admin/brands'],
    queryFn: ({ signal }) => api.get<AdminBrand[]>('/api/admin/brands', undefined, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
  return { categories: categories.data ?? [], brands: brands.data ?? [] };
}
