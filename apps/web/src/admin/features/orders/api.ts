import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetailView, AllocationView, ReturnDetailView } from '@kc/domain';
import { api, type Params } from '../../../shared/api';

/** The lists' paths (usePagedTable keys start with them). */
export const ORDERS_PATH = '/api/admin/orders';
export const RETURNS_PATH = '/api/admin/returns';

export const orderKey = (id: number) => ['admin', 'order', id] as const;
export const allocationKey = (id: number) => ['admin', 'order', id, 'allocation'] as const;
export const returnKey = (id: number) => ['admin', 'return', id] as const;

/** `GET /api/admin/orders/{id}`: lines with lots, payments, allocation, the timeline. */
export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => api.get<AdminOrderDetailView>(`${ORDERS_PATH}/${id}`, undefined, { signal }),
  });
}

/** `GET /api/admin/orders/{id}/allocation`: per line the lots held, the FEFO proposal, every usable lot. */
export function useAllocation(id: number, enabled: boolean) {
  return useQuery({
    queryKey: allocationKey(id),
    queryFn: ({ signal }) =>
      api.get<AllocationView>(`${ORDERS_PATH}/${id}/allocation`, undefined, { signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * A write on one order (confirm_payment, allocate, ship, cancel): each replies with the order's
 * detail, which replaces the cached one; the lists and the allocation are read again.
 */
export function useOrderAction(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      body,
    }: {
      action: 'confirm_payment' | 'allocate' | 'ship' | 'cancel';
      body?: Params;
    }) => api.post<AdminOrderDetailView>(`${ORDERS_PATH}/${id}/${action}`, body),
    onSuccess: async (detail) => {
      qc.setQueryData(orderKey(id), detail);
      await qc.invalidateQueries({ queryKey: allocationKey(id) });
      await qc.invalidateQueries({ queryKey: ['admin', ORDERS_PATH] });
    },
  });
}

/** `GET /api/admin/returns/{id}`. */
export function useReturn(id: number | null) {
  return useQuery({
    queryKey: returnKey(id ?? 0),
    queryFn: ({ signal }) => api.get<ReturnDetailView>(`${RETURNS_PATH}/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

/** A decision on a return (approve, reject, receive, refund): the reply replaces the cached request. */
export function useReturnAction(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: 'approve' | 'reject' | 'receive' | 'refund'; body?: Params }) =>
      api.post<ReturnDetailView>(`${RETURNS_PATH}/${id}/${action}`, body),
    onSuccess: async (detail) => {
      qc.setQueryData(returnKey(id), detail);
      await qc.invalidateQueries({ queryKey: ['admin', RETURNS_PATH] });
    },
  });
}

/** Opens a printable page (拣货单, 随货同行单) of the server in a new tab; the session cookie goes with it. */
export function openPrintable(path: string, params?: Record<string, number[]>): void {
  const query = params
    ? Object.entries(params)
        .flatMap(([k, vs]) => vs.map((v) => `${encodeURIComponent(`${k}[]`)}=${v}`))
        .join('&')
    : '';
  window.open(query ? `${path}?${query}` : path, '_blank', 'noopener');
}
