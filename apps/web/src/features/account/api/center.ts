import { queryOptions } from '@tanstack/react-query';
import type { MemberCenterView } from '@kc/domain';
import { api } from '../../../shared/api';

/** `GET /api/user/center`: the member centre summary (/user). */
export const centerQuery = queryOptions({
  queryKey: ['user', 'center'],
  queryFn: ({ signal }) => api.get<MemberCenterView>('/api/user/center', undefined, { signal }),
});

/** `GET api/user/couponNum`: unused coupons valid now. */
export const couponNumQuery = queryOptions({
  queryKey: ['user', 'couponNum'],
  queryFn: ({ signal }) => api.get<{ num: number }>('api/user/couponNum', undefined, { signal }),
});
