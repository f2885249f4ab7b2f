import type { QueryClient } from '@tanstack/react-query';
import type { CartStateView } from '@kc/domain';
import { CART_LIST_KEY, setBadgeCount } from '../../../shared/cart/keys';

/**
 * A write replied with the whole cart state (batch select, batch delete): it becomes the cached
 * cart (structural sharing keeps unchanged lines the same objects, so their rows do not
 * re-render) and the badge follows.
 */
export function applyCartState(client: QueryClient, state: CartStateView): void {
  // The server always sends the lines; should a reply ever come without them, the cart is read
  // again rather than cached half-empty.
  if (!Array.isArray(state.data)) return void client.invalidateQueries({ queryKey: CART_LIST_KEY });
  client.setQueryData(CART_LIST_KEY, state);
  setBadgeCount(client, state.total.count);
}
