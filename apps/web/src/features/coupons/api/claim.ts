import type { CouponClaimView } from '@kc/domain';
import { api } from '../../../shared/api';

/** `POST /api/coupon/claim`: one coupon of a template for the member. */
export const claimCoupon = (templateId: number) =>
  api.post<CouponClaimView>('/api/coupon/claim', { template_id: templateId });
