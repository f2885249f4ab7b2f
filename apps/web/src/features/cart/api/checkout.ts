import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../shared/api';
import type { CheckoutPreviewView, CheckoutRefusalView } from '@kc/domain';
import { CART_LIST_KEY, CHECKOUT_PREVIEW_KEY } from '../../../shared/cart/keys';

/** `POST /api/cart/checkout` (ids): the order preview, or a refusal with every reason. */
export const checkoutRequest = (ids: number[]) =>
  api.post<CheckoutPreviewView>('/api/cart/checkout', { ids });

/** The refusal's reasons when the server refused the checkout, else null. */
export function refusalOf(error: unknown): CheckoutRefusalView | null {
  if (!isApiError(error)) return null;
  const data = error.data as Partial<CheckoutRefusalView> | null;
  return data && Array.isArray(data.problems) ? (data as CheckoutRefusalView) : null;
}

/**
 * Checks out the selection. A refusal records the new prices as seen on the server, so the
 * cart is read again to show them.
 */
export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: checkoutRequest,
    // Step 2 reads the preview the checkout replied with.
    onSuccess: (preview) => client.setQueryData(CHECKOUT_PREVIEW_KEY, preview),
    onError: () => client.invalidateQueries({ queryKey: CART_LIST_KEY }),
  });
}
