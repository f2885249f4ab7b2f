import { queryOptions, useQueries, useQueryClient } from '@tanstack/react-query';
import type { Category, GoodsItem, Paginated } from '@kc/domain';
import { api } from '../../../shared/api/client';

export const FLOOR_SIZE = 10;

/** `GET /api/goods/list?select=ID&page_size=10&sort=sales`: a floor's best sellers. */
export const floorGoodsQuery = (categoryId: number) =>
  queryOptions({
    queryKey: ['goods', 'list', { select: categoryId, page_size: FLOOR_SIZE, sort: 'sales' }],
    queryFn: ({ signal }) =>
      api.get<Paginated<GoodsItem>>(
        '/api/goods/list',
        { select: categoryId, page: 1, page_size: FLOOR_SIZE, sort: 'sales' },
        { signal },
      ),
    staleTime: 60_000,
  });

/**
 * The floors' goods, one request after another: the API client cancels an in-flight call
 * when the same path is requested again (SPEC §7), so parallel floor calls would abort each
 * other. Each floor starts once the previous one has settled.
 */
export function useFloorGoods(floors: Category[]) {
  const client = useQueryClient();
  return useQueries({
    queries: floors.map((floor, i) => {
      const previous = floors[i - 1];
      const state = previous && client.getQueryState(floorGoodsQuery(previous.id).queryKey);
      // Idle and settled: also holds back stale refetches on return, which would race too.
      const settled = !!state && state.status !== 'pending' && state.fetchStatus === 'idle';
      return { ...floorGoodsQuery(floor.id), enabled: !previous || settled };
    }),
  });
}
