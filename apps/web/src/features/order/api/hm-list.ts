import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HmOrderView, Paginated } from '@kc/domain';
import { api } from '../../../shared/api';
import { ORDER_KEY } from '../../../shared/order/keys';
import { ORDER_PAGE_SIZE } from './keys';

export const HM_KEY = [...ORDER_KEY, 'hm'] as const;

/** `GET /api/order/hm`: orders with 含麻 goods, their lots, purchaser and arrival-receipt state. */
export const hmOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: [...HM_KEY, page],
    queryFn: ({ signal }) =>
      api.get<Paginated<HmOrderView>>('/api/order/hm', { page, page_size: ORDER_PAGE_SIZE }, { signal }),
  });

export const useHmOrders = (page: number) =>
  useQuery({ ...hmOrdersQuery(page), placeholderData: keepPreviousData });
