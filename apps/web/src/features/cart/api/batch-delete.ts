import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartStateView } from '@kc/domain';
import { api } from '../../../shared/api';
import { applyCartState } from './apply-state';

/** `POST api/cart/batch_delete` (ids); replies the cart state without them. */
export const batchDeleteRequest = (ids: number[]) =>
  api.post<CartStateView>('api/cart/batch_delete', { ids });

/** Deletes lines (the page and the drawer ask first); the badge follows the new line count. */
export function useBatchDelete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: batchDeleteRequest,
    onSuccess: (state) => applyCartState(client, state),
  });
}
