import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, type CartTotalReply } from '@kc/domain';
import { api } from '../../../shared/api';
import { CART_TOTAL_KEY } from '../../../shared/cart/keys';

/** `GET api/cart/total`: the number of lines (reply data.total). */
export const cartTotalQuery = queryOptions({
  queryKey: CART_TOTAL_KEY,
  queryFn: ({ signal }) =>
    api.get<CartTotalReply>('api/cart/total', { filters: LIMITS.cartFilterDefault }, { signal }),
});

export const useCartTotal = (enabled = true) => useQuery({ ...cartTotalQuery, enabled });
