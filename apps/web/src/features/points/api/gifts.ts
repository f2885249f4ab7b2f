import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PointsGoodsListView } from '@kc/domain';
import { api } from '../../../shared/api';
import { MALL_PAGE_SIZE, POINTS_MALL_KEY } from './keys';

/** `GET /api/points/goods`: the gifts on sale, with the member's points (null for a visitor). */
export const giftsQuery = (page: number) =>
  queryOptions({
    queryKey: [...POINTS_MALL_KEY, page],
    queryFn: ({ signal }) =>
      api.get<PointsGoodsListView>('/api/points/goods', { page, page_size: MALL_PAGE_SIZE }, { signal }),
  });

export const useGifts = (page: number) =>
  useQuery({ ...giftsQuery(page), placeholderData: keepPreviousData });
