import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderDetailView } from '@kc/domain';
import { api } from '../../../shared/api';
import { orderKey } from './keys';

/** While a payment is being confirmed, the order is read again every 2 s, at most this often. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT = 30;

/**
 * Whether the order still waits for its payment's confirmation: back from the gateway, the
 * callback may not have landed yet (an offline transfer waits for the operator instead).
 */
export const isPaymentProcessing = (order: OrderDetailView) =>
  order.status === 0 && order.payment.status === 'unpaid';

/** `GET /api/order/{id}`: the order as the done page shows it. */
export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => api.get<OrderDetailView>(`/api/order/${id}`, undefined, { signal }),
    staleTime: 0,
  });

/**
 * The order, polled every 2 s while its online payment is being confirmed (the gateway's
 * callback may land after the buyer comes back), up to POLL_LIMIT reads.
 */
export function useOrderAfterPay(id: number) {
  const client = useQueryClient();
  const query = useQuery({
    ...orderQuery(id),
    enabled: id > 0,
    refetchInterval: (query) => {
      const order = query.state.data;
      if (!order || !isPaymentProcessing(order)) return false;
      return query.state.dataUpdateCount < POLL_LIMIT ? POLL_INTERVAL_MS : false;
    },
  });
  // Reading dataUpdatedAt re-renders on every read, even when the order came back unchanged.
  const reads = query.dataUpdatedAt > 0 ? (client.getQueryState(orderKey(id))?.dataUpdateCount ?? 0) : 0;
  return { order: query.data, isError: query.isError, pollsLeft: reads < POLL_LIMIT };
}
