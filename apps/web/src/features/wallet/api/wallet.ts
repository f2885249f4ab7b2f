import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  MemberCouponPage,
  MoneyLogView,
  Paginated,
  PointsLogView,
  RechargePayType,
  RechargeResultView,
  RechargeStatusView,
  UserMoneyView,
} from '@kc/domain';
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

/** `POST /api/user/recharge`: opens a top-up at the gateway; the buyer then goes to `pay_url`. */
export function useRecharge() {
  return useMutation({
    mutationFn: (p: { amount: string; pay_type: RechargePayType }) =>
      api.post<RechargeResultView>('/api/user/recharge', p),
  });
}

/** How many times /yegl asks for a top-up that is still pending before it stops asking. */
const RECHARGE_POLLS = 30;

/**
 * `GET /api/user/recharge/{payment_no}`: the top-up the buyer came back from; asked again
 * every 2 s (at most RECHARGE_POLLS times) while the gateway has not yet confirmed it.
 */
export function rechargeStatusQuery(paymentNo: string) {
  return queryOptions({
    queryKey: [...WALLET_KEY, 'recharge', paymentNo],
    queryFn: ({ signal }) =>
      api.get<RechargeStatusView>(`/api/user/recharge/${encodeURIComponent(paymentNo)}`, undefined, {
        signal,
        silent: true,
      }),
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' && q.state.dataUpdateCount < RECHARGE_POLLS ? 2000 : false,
    retry: false,
  });
}
