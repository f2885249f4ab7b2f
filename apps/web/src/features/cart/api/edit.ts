import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CartEditReply, CartLineView, CartStateView } from '@kc/domain';
import { api, isCancelled } from '../../../shared/api';
import { withQuantity } from '../pricing';
import { CART_LIST_KEY } from '../../../shared/cart/keys';

export interface EditVars {
  id: number;
  number: number;
}

const EDIT_KEY = ['cart', 'edit'] as const;

/** `POST api/cart/{id}/edit` with `params[number]`. */
export const editLineRequest = ({ id, number }: EditVars) =>
  api.post<CartEditReply>(`api/cart/${id}/edit`, { params: { number } });

const othersPending = (client: QueryClient) => client.isMutating({ mutationKey: EDIT_KEY }) > 1;

/**
 * The server's line replaces the optimistic one. Its full-spend share is cart-wide, so the
 * edit reply cannot know it: the line keeps the share it had until the reloaded cart brings it.
 */
function putLine(state: CartStateView, line: CartLineView): CartStateView {
  return {
    ...state,
    data: state.data.map((l) =>
      l.id === line.id ? { ...line, goods_manjian_amount: l.goods_manjian_amount, amount: l.amount } : l,
    ),
  };
}

/**
 * Changes one line's quantity: the line is repriced in the browser at once (optimistic), the
 * server's repriced line replaces it, and the action flag reloads the cart for the cart-wide
 * figures (once the last of several quick edits has answered). A newer edit of the same line
 * cancels the older request (SPEC §7); a refusal (over stock, over the limit) has been shown by
 * the client and the cart is read again.
 */
export function useEditLine() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: EDIT_KEY,
    mutationFn: editLineRequest,
    onMutate: async (vars) => {
      await client.cancelQueries({ queryKey: CART_LIST_KEY });
      client.setQueryData<CartStateView>(CART_LIST_KEY, (s) =>
        s ? withQuantity(s, vars.id, vars.number) : s,
      );
    },
    onSuccess: async (reply) => {
      client.setQueryData<CartStateView>(CART_LIST_KEY, (s) => (s ? putLine(s, reply.line) : s));
      if (reply.action === 1 && !othersPending(client)) {
        await client.invalidateQueries({ queryKey: CART_LIST_KEY });
      }
    },
    onError: (error) => {
      if (isCancelled(error)) return;
      void client.invalidateQueries({ queryKey: CART_LIST_KEY });
    },
  });
}
