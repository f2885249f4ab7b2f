import type { FastifyInstance } from 'fastify';
import { availableCouponQuerySchema, type CouponNumView } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { availableCoupons } from './coupon-lines.js';
import { usableCouponCount } from './service.js';

export function promotionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  app.get('/api/user/couponNum', async (req) => {
    const memberId = await requireMember(req);
    const data: CouponNumView = { num: await usableCouponCount(db, memberId, ctx.now()) };
    return ok(data);
  });

  app.get('/api/user/availableCoupon', async (req) => {
    const memberId = await requireMember(req);
    const q = parse(availableCouponQuerySchema, req.query);
    return ok(await availableCoupons(db, memberId, q, ctx.now()));
  });
}
