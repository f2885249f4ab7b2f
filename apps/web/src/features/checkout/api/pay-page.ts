import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayPageView } from '@kc/domain';
import { api } from '../../../shared/api';
import { payPageKey } from './keys';

/** `GET /api/order/{id}/pay`: the order to pay, the methods and the bank account. */
export const payPageQuery = (id: number) =>
  queryOptions({
    queryKey: payPageKey(id),
    queryFn: ({ signal }) => api.get<PayPageView>(`/api/order/${id}/pay`, undefined, { signal }),
    // The balance and the order's state change elsewhere: always read them fresh.
    staleTime: 0,
  });

export const usePayPage = (id: number) => useQuery({ ...payPageQuery(id), enabled: id > 0 });
