import type { FastifyInstance } from 'fastify';
import { couponClaimSchema, type CouponNumView } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { optionalMember, requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { claimCoupon, couponCenter } from './coupon-claim.js';
import { usableCouponCount } from './service.js';

/**
 * The member's coupon count and the coupon centre (领券中心, docs/api/coupons-m2.md); pricing
 * coupons against cart lines is checkout's (flows/checkout).
 */
export function promotionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  app.get('/api/user/couponNum', async (req) => {
    const memberId = await requireMember(req);
    const data: CouponNumView = { num: await usableCouponCount(db, memberId, ctx.now()) };
    return ok(data);
  });

  app.get('/api/coupon/center', async (req) => {
    return ok(await couponCenter(db, await optionalMember(req), ctx.now()));
  });

  app.post('/api/coupon/claim', async (req) => {
    const memberId = await requireMember(req);
    const { template_id } = parse(couponClaimSchema, req.body);
    return ok(await claimCoupon(db, memberId, template_id, ctx.now()), '领取成功');
  });
}
