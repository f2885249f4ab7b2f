import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FastBuyItem, FastBuyOrder, Paginated } from '@kc/domain';
import { api } from '../../../shared/api';

export const FAST_BUY_KEY = ['fast_buy'] as const;
export const FAST_BUY_PAGE_SIZE = 10;

/** `GET /api/user/fast_buy`: the goods the member buys regularly. */
export const fastBuyQuery = (page: number, order: FastBuyOrder) =>
  queryOptions({
    queryKey: [...FAST_BUY_KEY, page, order],
    queryFn: ({ signal }) =>
      api.get<Paginated<FastBuyItem>>(
        '/api/user/fast_buy',
        { page, order, page_size: FAST_BUY_PAGE_SIZE },
        { signal },
      ),
  });

export const useFastBuy = (page: number, order: FastBuyOrder) =>
  useQuery({ ...fastBuyQuery(page, order), placeholderData: keepPreviousData });
