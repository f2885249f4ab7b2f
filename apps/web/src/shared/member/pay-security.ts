import { queryOptions } from '@tanstack/react-query';
import type { LicenceAlertsView, PaySecurityView } from '@kc/domain';
import { api } from '../api';

/** Under the user key: a login, a logout or a store switch refreshes it. */
export const PAY_SECURITY_KEY = ['user', 'pay_password'] as const;
export const LICENCE_ALERTS_KEY = ['user', 'licence_alerts'] as const;

/** `GET /api/user/pay_password`: whether a payment password is set, its lock, the SMS amount, the shelf floor. */
export const paySecurityQuery = queryOptions({
  queryKey: PAY_SECURITY_KEY,
  queryFn: ({ signal }) => api.get<PaySecurityView>('/api/user/pay_password', undefined, { signal }),
});

/** `POST /api/user/pay_password/code`: a code to the member's own mobile. */
export const sendPayCode = (scene: 'pay_password' | 'pay') =>
  api.post<{ mobile: string; resend_after: number }>('/api/user/pay_password/code', { scene });

/** `POST /api/user/pay_password`: sets or resets the payment password with an SMS code. */
export const setPayPassword = (input: { code: string; password: string; confirm: string }) =>
  api.post<PaySecurityView>('/api/user/pay_password', input);

/** `POST /api/user/pay_password/sms_above`: blank amount = never ask for an SMS code. */
export const setSmsAbove = (input: { amount: string; pay_password: string }) =>
  api.post<PaySecurityView>('/api/user/pay_password/sms_above', input);

/** `POST /api/user/shelf_floor`. */
export const setShelfFloor = (months: number) =>
  api.post<PaySecurityView>('/api/user/shelf_floor', { months });

/** `GET /api/user/licence_alerts`: silent, the banner simply stays away when it fails. */
export const licenceAlertsQuery = queryOptions({
  queryKey: LICENCE_ALERTS_KEY,
  queryFn: ({ signal }) =>
    api.get<LicenceAlertsView>('/api/user/licence_alerts', undefined, { signal, silent: true }),
  staleTime: 10 * 60_000,
});

/** The same view read silently (a goods page's floor note simply stays away when it fails). */
export const shelfFloorQuery = queryOptions({
  queryKey: [...PAY_SECURITY_KEY, 'silent'],
  queryFn: ({ signal }) =>
    api.get<PaySecurityView>('/api/user/pay_password', undefined, { signal, silent: true }),
  staleTime: 60_000,
});
