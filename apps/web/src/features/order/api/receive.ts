import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetailView } from '@kc/domain';
import { api } from '../../../shared/api';
import { settleOrder } from './keys';

/** `POST /api/order/{id}/receive`: 已发货 → 已完成; the reply carries the points awarded. */
export const receiveOrderRequest = (id: number) => api.post<OrderDetailView>(`/api/order/${id}/receive`);

export function useReceiveOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: receiveOrderRequest, onSuccess: (detail) => settleOrder(client, detail) });
}
