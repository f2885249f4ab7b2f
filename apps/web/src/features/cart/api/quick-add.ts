import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartAddReply } from '@kc/domain';
import { api } from '../../../shared/api';
import { reloadCart, setBadgeCount } from '../../../shared/cart/keys';

/** `POST api/cart/quick_add/{id}`: one goods; without a number the server adds one middle pack. */
export const quickAddRequest = ({ goodsId, number }: { goodsId: number; number?: number }) =>
  api.post<CartAddReply>(`api/cart/quick_add/${goodsId}`, number === undefined ? {} : { number });

export function useQuickAdd() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: quickAddRequest,
    onSuccess: async (reply) => {
      setBadgeCount(client, reply.total);
      await reloadCart(client);
    },
  });
}
