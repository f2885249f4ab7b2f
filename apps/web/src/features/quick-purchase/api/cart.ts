import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickCartItem, QuickCartReply } from '@kc/domain';
import { api } from '../../../shared/api';
import { reloadCart, setBadgeCount } from '../../../shared/cart/keys';
import { FAST_BUY_KEY } from './fast-buy';

/** `POST /api/quick_buy/cart`: the chosen lines to the cart in one call; the codes are remembered. */
export const quickCartRequest = (params: QuickCartItem[]) =>
  api.post<QuickCartReply>('/api/quick_buy/cart', { params });

/** The badge follows the reply's line count; every cart view reloads. */
export function useQuickCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: quickCartRequest,
    onSuccess: async (r) => {
      setBadgeCount(client, r.total);
      await Promise.all([reloadCart(client), client.invalidateQueries({ queryKey: FAST_BUY_KEY })]);
    },
  });
}
