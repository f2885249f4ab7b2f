import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckOrderView, PlaceProblem, PlacedOrderView } from '@kc/domain';
import { api, isApiError } from '../../../shared/api';
import { USER_KEY } from '../../../shared/session/keys';
import { CART_KEY } from '../../../shared/cart/keys';
import { ORDER_KEY } from '../../../shared/order/keys';

/** The fields of `POST /api/order` (placeOrderSchema). */
export interface PlaceOrderParams {
  ids: number[];
  address_id: number;
  coupon_id: number;
  voucher_id: number;
  remark: string;
  invoice_type: 0 | 1 | 2;
  invoice_title: string;
  tax_no: string;
  invoice_bank: string;
  invoice_account: string;
  invoice_address: string;
  invoice_phone: string;
  /** The payable the buyer saw ("123.40"). */
  expected_payable: string;
  /** One per check-order visit, reused on retries: a retry returns the same order. */
  idempotency_key: string;
}

/** `POST /api/order`: places the order. */
export const placeOrderRequest = (params: PlaceOrderParams) =>
  api.post<PlacedOrderView>('/api/order', { ...params, ids: params.ids.length > 0 ? params.ids : undefined });

/** What a refused order tells the page to show. */
export type PlaceRefusal =
  | { kind: 'amount_changed'; message: string; preview: CheckOrderView }
  | { kind: 'problems'; message: string; problems: PlaceProblem[] };

export function refusalOfPlace(error: unknown): PlaceRefusal | null {
  if (!isApiError(error) || !error.data || typeof error.data !== 'object') return null;
  const data = error.data as { amount_changed?: number; preview?: CheckOrderView; problems?: PlaceProblem[] };
  if (data.amount_changed === 1 && data.preview) {
    return { kind: 'amount_changed', message: error.msg, preview: data.preview };
  }
  if (Array.isArray(data.problems)) return { kind: 'problems', message: error.msg, problems: data.problems };
  return null;
}

/** A new key for one check-order visit (8–64 of [\w-]). */
export function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Places the order; the cart and the order lists change with it. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeOrderRequest,
    onSuccess: () => {
      // The ordered lines left the cart: the cart, its badge and the order lists read again.
      void client.invalidateQueries({ queryKey: CART_KEY });
      void client.invalidateQueries({ queryKey: USER_KEY });
      void client.invalidateQueries({ queryKey: ORDER_KEY });
    },
  });
}
