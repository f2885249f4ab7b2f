import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetailView } from '@kc/domain';
import { api } from '../../../shared/api';
import { orderDetailKey } from './keys';

/** `GET /api/order/{id}`: lines with lots, amounts, payment, invoice, logistics, returns. */
export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: orderDetailKey(id),
    queryFn: ({ signal }) => api.get<OrderDetailView>(`/api/order/${id}`, undefined, { signal }),
  });

export const useOrderDetail = (id: number) => useQuery({ ...orderDetailQuery(id), enabled: id > 0 });
