import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartStateView } from '@kc/domain';
import { api, isCancelled } from '../../../shared/api';
import { withSelection } from '../pricing';
import { applyCartState } from './apply-state';
import { CART_LIST_KEY } from '../../../shared/cart/keys';

export interface SelectVars {
  ids: number[];
  selected: boolean;
}

/** `POST /api/cart/batch_select` (ids, is_selected 0/1); replies the cart state. */
export const batchSelectRequest = ({ ids, selected }: SelectVars) =>
  api.post<CartStateView>('/api/cart/batch_select', { ids, is_selected: selected ? 1 : 0 });

/** Selects or unselects lines: the checkboxes move at once, the totals with the reply. */
export function useBatchSelect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: batchSelectRequest,
    onMutate: async ({ ids, selected }) => {
      await client.cancelQueries({ queryKey: CART_LIST_KEY });
      client.setQueryData<CartStateView>(CART_LIST_KEY, (s) =>
        s ? withSelection(s, new Set(ids), selected) : s,
      );
    },
    onSuccess: (state) => applyCartState(client, state),
    onError: (error) => {
      if (!isCancelled(error)) void client.invalidateQueries({ queryKey: CART_LIST_KEY });
    },
  });
}
