import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, type CartStateView } from '@kc/domain';
import { api } from '../api';
import { CART_LIST_KEY, setBadgeCount } from './keys';

/** `GET /api/cart/list` with the default filter (every line, SPEC §9). */
export const cartListQuery = queryOptions({
  queryKey: CART_LIST_KEY,
  queryFn: async ({ signal, client }) => {
    const state = await api.get<CartStateView>(
      '/api/cart/list',
      { filters: LIMITS.cartFilterDefault },
      { signal },
    );
    // The badges show what the cart holds, whoever changed it last.
    setBadgeCount(client, state.total.count);
    return state;
  },
  // The cart is the member's own working list: reading it again on every visit is cheap and
  // avoids showing a stale quantity next to a checkout button.
  staleTime: 0,
});

/** The cart, fetched when `enabled` (members only; the drawer only while open). */
export const useCartList = (enabled = true) => useQuery({ ...cartListQuery, enabled });

/**
 * The quantity of `goodsId` already in the cart, from the cached cart only (never a request):
 * add-to-cart controls on a list start from it (SPEC §5). Re-renders only when it changes.
 */
export function useCartNumber(goodsId: number): number | null {
  const { data } = useQuery({
    ...cartListQuery,
    enabled: false,
    select: (s: CartStateView) =>
      s.data.find((l) => l.combination === 0 && l.goods.id === goodsId)?.number ?? null,
  });
  return data ?? null;
}
