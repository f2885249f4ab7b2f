import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GoodsItem, Paginated } from '@kc/domain';
import { api } from '../../../shared/api/client';

/** `GET /api/index_wntj/1`: 为你推荐. Read as a list whether it comes paginated or bare. */
export const recommendQuery = queryOptions({
  queryKey: ['index', 'wntj', 1],
  queryFn: async ({ signal }) => {
    const data = await api.get<GoodsItem[] | Paginated<GoodsItem>>('/api/index_wntj/1', undefined, {
      signal,
    });
    return Array.isArray(data) ? data : (data?.list ?? []);
  },
  staleTime: 60_000,
});

export const useRecommend = () => useQuery(recommendQuery);
