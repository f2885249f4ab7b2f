import { queryOptions } from '@tanstack/react-query';
import type { MemberCouponPage, MoneyLogView, Paginated, PointsLogView, UserMoneyView } from '@kc/domain';
import { api } from '../../../shared/api';

export const WALLET_KEY = ['user', 'wallet'] as const;
export const PAGE_SIZE = 10;

/** `GET /api/user/user_money`. */
export const moneyQuery = queryOptions({
  queryKey: [...WALLET_KEY, 'money'],
  queryFn: ({ signal }) => api.get<UserMoneyView>('/api/user/user_money', undefined, { signal }),
});

export interface MoneyLogFilter {
  page: number;
  use_type?: number;
  start_time?: string;
  end_time?: string;
}

/** `GET /api/user/user_money_log`: a page, a kind and a date range (YYYY-MM-DD, inclusive). */
export function moneyLogQuery(f: MoneyLogFilter) {
  return queryOptions({
    queryKey: [...WALLET_KEY, 'money_log', f],
    queryFn: ({ signal }) =>
      api.get<Paginated<MoneyLogView>>(
        '/api/user/user_money_log',
        {
          page: f.page,
          page_size: PAGE_SIZE,
          ...(f.use_type ? { use_type: f.use_type } : {}),
          ...(f.start_time ? { start_time: f.start_time } : {}),
          ...(f.end_time ? { end_time: f.end_time } : {}),
        },
        { signal },
      ),
  });
}

/** `GET /api/user/points_log`: type 1 获得, 2 扣减; the reply carries the member's points. */
export function pointsLogQuery(page: number, type?: 1 | 2) {
  return queryOptions({
    queryKey: [...WALLET_KEY, 'points_log', page, type ?? 0],
    queryFn: ({ signal }) =>
      api.get<Paginated<PointsLogView> & { points: number }>(
        '/api/user/points_log',
        { page, page_size: PAGE_SIZE, ...(type ? { type } : {}) },
        { signal },
      ),
  });
}

/** `GET /api/user/coupon`: type 1 优惠券, 2 现金券; status unused / used / expired. */
export function couponsQuery(type: 1 | 2, status: 'unused' | 'used' | 'expired', page: number) {
  return queryOptions({
    queryKey: [...WALLET_KEY, 'coupon', type, status, page],
    queryFn: ({ signal }) =>
      api.get<MemberCouponPage>('/api/user/coupon', { type, status, page, page_size: 12 }, { signal }),
  });
}
