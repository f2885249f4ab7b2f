import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartCopyReply } from '@kc/domain';
import { api } from '../../../shared/api';
import { reloadCart } from '../../../shared/cart/keys';

export interface CopyVars {
  ids: number[];
  /** Member ids of the other stores of the same multi-store account. */
  otherUserIds: number[];
}

/** `POST /api/cart/copy` (ids, other_user_ids). */
export const copyRequest = ({ ids, otherUserIds }: CopyVars) =>
  api.post<CartCopyReply>('/api/cart/copy', {
    ids,
    other_user_ids: otherUserIds,
  });

export function useCopyCart() {
  const client = useQueryClient();
  return useMutation({ mutationFn: copyRequest, onSuccess: () => reloadCart(client) });
}
