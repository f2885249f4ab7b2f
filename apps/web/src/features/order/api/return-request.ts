import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnDetailView, ReturnRequestInput } from '@kc/domain';
import { api } from '../../../shared/api';
import { ORDER_KEY } from '../../../shared/order/keys';

export interface ReturnVars {
  orderId: number;
  input: ReturnRequestInput;
}

/**
 * `POST /api/order/{id}/return`: kind, `lines[0][line_id]`/`lines[0][number]`, reason,
 * description and `photos[]` as data: URLs.
 */
export const returnRequest = ({ orderId, input }: ReturnVars) =>
  api.post<ReturnDetailView>(`/api/order/${orderId}/return`, { ...input });

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
