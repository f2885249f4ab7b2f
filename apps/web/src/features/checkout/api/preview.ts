import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckOrderView } from '@kc/domain';
import { api } from '../../../shared/api';
import { PREVIEW_KEY } from './keys';

/** What the check-order page asks to price: absent coupon/voucher = the best one, 0 = none. */
export interface PreviewParams {
  /** Cart line ids from the cart's checkout; absent = the cart's selection. */
  ids?: number[];
  coupon_id?: number;
  voucher_id?: number;
  address_id?: number;
}

/** `POST /api/order/preview`: the lines, addresses, coupons and breakdown of /cart/step2. */
export const orderPreviewRequest = (params: PreviewParams, signal?: AbortSignal) =>
  api.post<CheckOrderView>(
    '/api/order/preview',
    { ...params, ids: params.ids && params.ids.length > 0 ? params.ids : undefined },
    { signal },
  );

export const orderPreviewQuery = (params: PreviewParams) =>
  queryOptions({
    queryKey: [...PREVIEW_KEY, params],
    queryFn: ({ signal }) => orderPreviewRequest(params, signal),
    // Prices, stock and coupons move: every visit and every change asks the server again.
    staleTime: 0,
  });

/** The preview; while a new choice is being priced, the previous one stays on screen. */
export const useOrderPreview = (params: PreviewParams) =>
  useQuery({ ...orderPreviewQuery(params), placeholderData: keepPreviousData });
