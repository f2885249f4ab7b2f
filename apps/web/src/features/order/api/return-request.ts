import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnDetailView, ReturnRequestInput } from '@kc/domain';
import { api } from '../../../shared/api';
import { ORDER_KEY } from '../../../shared/order/keys';

export interface ReturnVars {
  orderId: number;
  input: Omit<ReturnRequestInput, 'photos'>;
  /** JPG or PNG photos, at most 5 of at most 5 MB each. */
  photos: readonly File[];
}

/**
 * `POST /api/order/{id}/return` (multipart): kind, `lines[0][line_id]`/`lines[0][number]`,
 * reason and description as parts, each photo a `photos` file part.
 */
export const returnRequest = ({ orderId, input, photos }: ReturnVars) =>
  api.upload<ReturnDetailView>(`/api/order/${orderId}/return`, { ...input }, { photos });

/** The order's returnable quantities and its returns list change: read the order views again. */
export function useReturnRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: returnRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: ORDER_KEY }),
  });
}

/** The page a return is followed on, by its kind. */
export const returnPath = (r: { id: number; kind: 'return' | 'after_sales' }) =>
  r.kind === 'after_sales' ? `/order/afterSalesInfo/${r.id}` : `/order/returnInfo/${r.id}`;
