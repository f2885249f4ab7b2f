import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityAdminView, ActivityReport, CombinationAdminView } from '@kc/domain';
import { api, type Params } from '../../../shared/api';

export const ACTIVITIES_PATH = '/api/admin/activities';
export const COMBINATIONS_PATH = '/api/admin/combinations';

/** `GET /api/admin/activities/{id}`: the rules in yuan with the goods and coupons named. */
export function useActivity(id: number | null) {
  return useQuery({
    queryKey: ['admin', ACTIVITIES_PATH, 'detail', id],
    queryFn: ({ signal }) => api.get<ActivityAdminView>(`${ACTIVITIES_PATH}/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

/** `GET /api/admin/activities/{id}/report`. */
export function useActivityReport(id: number) {
  return useQuery({
    queryKey: ['admin', ACTIVITIES_PATH, 'report', id],
    queryFn: ({ signal }) =>
      api.get<ActivityReport>(`${ACTIVITIES_PATH}/${id}/report`, undefined, { signal }),
  });
}

/**
 * An activity write: create (POST), update (PUT with the id), the enable switch (PUT
 * `{id}/enabled`). The list and the details are read again.
 */
export function useActivityWrite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, path = '', body }: { id?: number; path?: string; body: Params }) =>
      id === undefined
        ? api.post<ActivityAdminView>(ACTIVITIES_PATH, body)
        : api.put<ActivityAdminView>(`${ACTIVITIES_PATH}/${id}${path}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', ACTIVITIES_PATH] }),
  });
}

/** A combination write: create, update, on/off sale. */
export function useCombinationWrite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, path = '', body }: { id?: number; path?: string; body: Params }) =>
      id === undefined
        ? api.post<CombinationAdminView>(COMBINATIONS_PATH, body)
        : api.put<CombinationAdminView>(`${COMBINATIONS_PATH}/${id}${path}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', COMBINATIONS_PATH] }),
  });
}

/** Coupon templates a template page may offer (the draws' list of coupons still valid). */
export function useCouponOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', '/api/admin/draws/coupon_options'],
    queryFn: ({ signal }) =>
      api.get<{ id: number; name: string }[]>('/api/admin/draws/coupon_options', undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
