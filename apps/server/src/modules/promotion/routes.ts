import type { FastifyInstance } from 'fastify';
import type { CouponNumView } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok } from '../../platform/http.js';
import { usableCouponCount } from './service.js';

/** The member's coupon count; pricing coupons against cart lines is checkout's (flows/checkout). */
export function promotionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  app.get('/api/user/couponNum', async (req) => {
    const memberId = await requireMember(req);
    const data: CouponNumView = { num: await usableCouponCount(db, memberId, ctx.now()) };
    return ok(data);
  });
}
