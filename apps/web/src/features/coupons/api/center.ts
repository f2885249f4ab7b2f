import { queryOptions } from '@tanstack/react-query';
import type { CouponCenterItem } from '@kc/domain';
import { api } from '../../../shared/api';

/** Under the user key: logging in or out refetches the cards (登录领取 → 立即领取). */
export const COUPON_CENTER_KEY = ['user', 'coupon-center'] as const;

/** `GET /api/coupon/center`: published coupons open for claiming, with the caller's holdings. */
export const couponCenterQuery = queryOptions({
  queryKey: COUPON_CENTER_KEY,
  queryFn: ({ signal }) => api.get<CouponCenterItem[]>('/api/coupon/center', undefined, { signal }),
});
