import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDrawDetail } from '@kc/domain';
import { api, type Params } from '../../../shared/api';

export const DRAWS_PATH = '/api/admin/draws';
export const drawPath = (id: number) => `${DRAWS_PATH}/${id}`;
export const recordsPath = (id: number) => `${DRAWS_PATH}/${id}/records`;

/** `GET /api/admin/draws/:id`: the draw with its prizes (odds, stock, awarded). */
export function useDraw(id: number) {
  return useQuery({
    queryKey: ['admin', drawPath(id)],
    queryFn: ({ signal }) => api.get<AdminDrawDetail>(drawPath(id), undefined, { signal }),
    enabled: id > 0,
  });
}

/** Coupon templates a coupon prize may name. */
export function useCouponOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', `${DRAWS_PATH}/coupon_options`],
    queryFn: ({ signal }) =>
      api.get<{ id: number; name: string }[]>(`${DRAWS_PATH}/coupon_options`, undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Any draw write (draw, prize, shipping); the lists and the detail are read again. */
export function useDrawWrite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: Params }) => api.post<unknown>(path, body),
    onSuccess: async () => {
      await qc.invalidateQueries({
        queryKey: ['admin'],
        predicate: (q) => String(q.queryKey[1] ?? '').startsWith('/api/admin/draw'),
      });
    },
  });
}
