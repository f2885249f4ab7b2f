import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartAddItem, CartAddReply } from '@kc/domain';
import { api } from '../api';
import { reloadCart, setBadgeCount } from './keys';

/** `POST /api/cart`: lines as `params[0][goods_id]=…`; the server merges them with the cart. */
export const addToCartRequest = (params: CartAddItem[]) => api.post<CartAddReply>('/api/cart', { params });

/** Adds lines; the badge follows the reply's line count and every cart view reloads. */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addToCartRequest,
    onSuccess: async (reply) => {
      setBadgeCount(client, reply.total);
      await reloadCart(client);
    },
  });
}
