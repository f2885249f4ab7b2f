import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderCountsView } from '@kc/domain';
import { api } from '../../../shared/api';
import { ORDER_COUNTS_KEY } from './keys';

/** `GET /api/order/counts`: how many orders each order-centre tab holds. */
export const orderCountsQuery = queryOptions({
  queryKey: ORDER_COUNTS_KEY,
  queryFn: ({ signal }) => api.get<OrderCountsView>('/api/order/counts', undefined, { signal }),
});

export const useOrderCounts = () => useQuery(orderCountsQuery);
