import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, PointsOrderView } from '@kc/domain';
import { api } from '../../../shared/api';
import { ORDER_KEY } from '../../../shared/order/keys';
import { ORDER_PAGE_SIZE } from './keys';

/** `GET /api/order/points`: orders paid with points (placed in the points mall). */
export const pointsOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: [...ORDER_KEY, 'points', page],
    queryFn: ({ signal }) =>
      api.get<Paginated<PointsOrderView>>(
        '/api/order/points',
        { page, page_size: ORDER_PAGE_SIZE },
        { signal },
      ),
  });

export const usePointsOrders = (page: number) =>
  useQuery({ ...pointsOrdersQuery(page), placeholderData: keepPreviousData });
