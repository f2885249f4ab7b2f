import type { QueryClient } from '@tanstack/react-query';
import type { CartTotalReply } from '@kc/domain';
import { USER_KEY } from '../session/keys';
import { isMember, type UserState } from '../session/user';

/** Every cart query lives under this root, so one invalidation reloads them all. */
export const CART_KEY = ['cart'] as const;
export const CART_LIST_KEY = [...CART_KEY, 'list'] as const;
export const CART_TOTAL_KEY = [...CART_KEY, 'total'] as const;
/** The checkout's preview, which the check-order page reads (and drops once the order is placed). */
export const CHECKOUT_PREVIEW_KEY = [...CART_KEY, 'checkout'] as const;

/** The header badge reads the profile's `cart` (number of lines): keep it in step at once. */
export function setBadgeCount(client: QueryClient, count: number): void {
  // Unchanged counts keep the same objects: the layout does not re-render for nothing.
  client.setQueryData<UserState>(USER_KEY, (user) =>
    isMember(user) && user.cart !== count ? { ...user, cart: count } : user,
  );
  if (client.getQueryData<CartTotalReply>(CART_TOTAL_KEY)?.total !== count) {
    client.setQueryData<CartTotalReply>(CART_TOTAL_KEY, { total: count });
  }
}

/**
 * A write replied with the `action` flag (add, copy): every cart view reloads, the open drawer
 * included. The profile is not read again for its `cart` count: the caller has set the badge
 * from the reply (setBadgeCount), and the reloaded list sets it once more.
 */
export async function reloadCart(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: CART_KEY });
}
