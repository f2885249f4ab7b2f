import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnDetailView } from '@kc/domain';
import { api } from '../../../shared/api';
import { ORDER_KEY } from '../../../shared/order/keys';

/** `GET /api/order/return/{id}`: a return or after-sales request with its lines, photos and timeline. */
export const returnDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...ORDER_KEY, 'return', id],
    queryFn: ({ signal }) => api.get<ReturnDetailView>(`/api/order/return/${id}`, undefined, { signal }),
  });

export const useReturnDetail = (id: number) => useQuery({ ...returnDetailQuery(id), enabled: id > 0 });
