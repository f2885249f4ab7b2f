import type { QueryClient } from '@tanstack/react-query';
import type { OrderDetailView } from '@kc/domain';
import { ORDER_KEY } from '../../../shared/order/keys';

export const ORDER_COUNTS_KEY = [...ORDER_KEY, 'counts'] as const;
export const orderDetailKey = (id: number) => [...ORDER_KEY, 'detail', id] as const;

/** Orders per page in the order centre and the other order lists. */
export const ORDER_PAGE_SIZE = 10;

/**
 * A write replied with the order as it is now: the detail shows it at once, and every other
 * order view (lists, counts, the hanma list) is read again.
 */
export async function settleOrder(client: QueryClient, detail: OrderDetailView): Promise<void> {
  const key = orderDetailKey(detail.id);
  client.setQueryData(key, detail);
  await client.invalidateQueries({
    queryKey: ORDER_KEY,
    predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(key),
  });
}
