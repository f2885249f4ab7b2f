import type { QueryClient } from '@tanstack/react-query';
import { USER_KEY, isMember, type UserState } from '../../account';
import type { CartState } from '../types';

/** Every cart query lives under this root, so one invalidation reloads them all. */
export const CART_KEY = ['cart'] as const;
export const CART_LIST_KEY = [...CART_KEY, 'list'] as const;
export const CART_TOTAL_KEY = [...CART_KEY, 'total'] as const;

/** The header badge reads the profile's `cart` (number of lines): keep it in step at once. */
export function setBadgeCount(client: QueryClient, count: number): void {
  // Unchanged counts keep the same objects: the layout does not re-render for nothing.
  client.setQueryData<UserState>(USER_KEY, (user) =>
    isMember(user) && user.cart !== count ? { ...user, cart: count } : user,
  );
  if (client.getQueryData<{ total: number }>(CART_TOTAL_KEY)?.total !== count) {
    client.setQueryData<{ total: number }>(CART_TOTAL_KEY, { total: count });
  }
}

/**
 * A write replied with the whole cart state: it becomes the cached cart (structural sharing
 * keeps unchanged lines the same objects, so their rows do not re-render) and the badge follows.
 */
export function applyCartState(client: QueryClient, state: CartState): void {
  // A reply without the lines (a lighter reply shape) only says the cart changed: reload it.
  if (!Array.isArray(state.data)) return void client.invalidateQueries({ queryKey: CART_LIST_KEY });
  client.setQueryData(CART_LIST_KEY, state);
  setBadgeCount(client, state.total.count);
}

/**
 * A write replied with the `action` flag (add, copy): every cart view reloads, the open drawer
 * included. The badge count comes from the reply (or the reloaded cart) rather than from the
 * profile, whose `cart` field the server does not fill yet (it says 0).
 */
export async function reloadCart(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: CART_KEY });
}
