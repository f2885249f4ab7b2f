import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, PointsOrderRowView } from '@kc/domain';
import { api } from '../../../shared/api';
import { POINTS_ORDER_PAGE_SIZE, POINTS_ORDERS_KEY } from './keys';

/** `GET /api/points/orders`: the member's points orders with address and shipping. */
export const pointsOrdersQuery = (page: number, status: number | undefined) =>
  queryOptions({
    queryKey: [...POINTS_ORDERS_KEY, page, status ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<Paginated<PointsOrderRowView>>(
        '/api/points/orders',
        { page, page_size: POINTS_ORDER_PAGE_SIZE, ...(status === undefined ? {} : { status }) },
        { signal },
      ),
  });

export const usePointsOrders = (page: number, status: number | undefined) =>
  useQuery({ ...pointsOrdersQuery(page, status), placeholderData: keepPreviousData });
