import type { CouponClaimView } from '@kc/domain';
import { api } from '../../../shared/api';

/** `POST /api/coupon/claim`: one coupon of a template for the member (the coupon centre's call). */
export const claimCoupon = (templateId: number) =>
  api.post<CouponClaimView>('/api/coupon/claim', { template_id: templateId });
