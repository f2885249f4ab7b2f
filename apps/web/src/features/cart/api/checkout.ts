import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../shared/api';
import type { CheckoutPreview, CheckoutRefusal } from '../types';
import { CART_KEY, CART_LIST_KEY } from './keys';

/** Step 2 reads the preview the checkout replied with. */
export const CHECKOUT_PREVIEW_KEY = [...CART_KEY, 'checkout'] as const;

/** `POST /api/cart/checkout` (ids): the order preview, or a refusal with every reason. */
export const checkoutRequest = (ids: number[]) => api.post<CheckoutPreview>('/api/cart/checkout', { ids });

/** The refusal's reasons when the server refused the checkout, else null. */
export function refusalOf(error: unknown): CheckoutRefusal | null {
  if (!isApiError(error)) return null;
  const data = error.data as Partial<CheckoutRefusal> | null;
  return data && Array.isArray(data.problems) ? (data as CheckoutRefusal) : null;
}

/**
 * Checks out the selection. A refusal records the new prices as seen on the server, so the
 * cart is read again to show them.
 */
export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: checkoutRequest,
    onSuccess: (preview) => client.setQueryData(CHECKOUT_PREVIEW_KEY, preview),
    onError: () => client.invalidateQueries({ queryKey: CART_LIST_KEY }),
  });
}
