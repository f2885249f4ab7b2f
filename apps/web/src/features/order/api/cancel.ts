import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetailView } from '@kc/domain';
import { api } from '../../../shared/api';
import { settleOrder } from './keys';

export interface CancelVars {
  id: number;
  reason: string;
}

/** `POST /api/order/{id}/cancel` (reason): 待付款 and 待发货 only; a paid order is refunded to the balance. */
export const cancelOrderRequest = ({ id, reason }: CancelVars) =>
  api.post<OrderDetailView>(`/api/order/${id}/cancel`, { reason });

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelOrderRequest, onSuccess: (detail) => settleOrder(client, detail) });
}
