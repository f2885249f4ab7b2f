import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListItemView, OrderStatus, Paginated } from '@kc/domain';
import { api } from '../../../shared/api';
import { ORDER_KEY } from '../../../shared/order/keys';
import { ORDER_PAGE_SIZE } from './keys';

/** The order centre's filter, as the URL keeps it. */
export interface OrderListFilter {
  page: number;
  /** Absent: every status. */
  status?: OrderStatus;
  /** Order number or goods name. */
  keywords?: string;
  /** 'YYYY-MM-DD', inclusive. */
  start_time?: string;
  end_time?: string;
}

/** `GET /api/order/list`: one page of the member's orders. */
export const orderListQuery = (filter: OrderListFilter) =>
  queryOptions({
    queryKey: [...ORDER_KEY, 'list', filter],
    queryFn: ({ signal }) =>
      api.get<Paginated<OrderListItemView>>(
        '/api/order/list',
        { ...filter, page_size: ORDER_PAGE_SIZE },
        { signal },
      ),
  });

/** The previous page stays on screen while the next one loads, so the cards do not jump. */
export const useOrderList = (filter: OrderListFilter) =>
  useQuery({ ...orderListQuery(filter), placeholderData: keepPreviousData });
