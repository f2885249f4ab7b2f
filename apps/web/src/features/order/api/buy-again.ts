import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyAgainView } from '@kc/domain';
import { api } from '../../../shared/api';
import { CART_KEY } from '../../../shared/cart/keys';

/** `POST /api/order/{id}/buy_again`: the order's lines go to the cart; the reply says which could not. */
export const buyAgainRequest = (id: number) => api.post<BuyAgainView>(`/api/order/${id}/buy_again`);

/** Every cart view (page, drawer, badge) reads the cart again once the lines are in. */
export function useBuyAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: buyAgainRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: CART_KEY }),
  });
}
