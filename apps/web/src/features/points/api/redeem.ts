import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedeemedView } from '@kc/domain';
import { api } from '../../../shared/api';
import { USER_KEY } from '../../../shared/session/keys';

/** The fields of `POST /api/points/redeem` (redeemSchema). */
export interface RedeemParams {
  goods_id: number;
  number: number;
  address_id: number;
  /** One per opening of the redeem modal, reused on retries: a retry answers the same order. */
  idempotency_key: string;
}

export const redeemRequest = (params: RedeemParams) =>
  api.post<RedeemedView>('/api/points/redeem', { ...params });

/** A new key (8–64 of [\w-]). */
export function newRedeemKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Redeems; the member's points, the mall and the points orders read again. */
export function useRedeem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeemRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: USER_KEY }),
  });
}
