import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuyRequestInput, BuyRequestView, Paginated } from '@kc/domain';
import { api } from '../../../shared/api';

const ROOT = ['user', 'buy'] as const;
export const BUY_PAGE_SIZE = 10;

/** `GET /api/user/buy` (`page`): my variety requests, newest first. */
export const buyListQuery = (page: number) =>
  queryOptions({
    queryKey: [...ROOT, 'list', page],
    queryFn: ({ signal }) =>
      api.get<Paginated<BuyRequestView>>('/api/user/buy', { page, page_size: BUY_PAGE_SIZE }, { signal }),
  });
export const useBuyList = (page: number) =>
  useQuery({ ...buyListQuery(page), placeholderData: keepPreviousData });

/** `GET /api/user/buy/:id`: one of my requests with the answer. */
export const buyDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...ROOT, 'detail', id],
    queryFn: ({ signal }) => api.get<BuyRequestView>(`/api/user/buy/${id}`, undefined, { signal }),
  });
export const useBuyDetail = (id: number) => useQuery({ ...buyDetailQuery(id), enabled: id > 0 });

/** `POST /api/user/buy`: files a request; my list is read again. */
export function useBuyCreate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BuyRequestInput) => api.post<BuyRequestView>('/api/user/buy', { ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}
