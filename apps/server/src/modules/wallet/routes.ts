import type { FastifyInstance } from 'fastify';
import { memberCouponQuerySchema, pointsLogQuerySchema, moneyLogQuerySchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { memberCouponList } from '../promotion/member-coupons.js';
import { moneyLog, pointsLog, userMoney } from './service.js';

/**
 * Wallet (我的钱包): the member's balance, money log, points log and coupons (the operator's
 * top-up and adjustments are in admin-routes.ts).
 */
export function walletRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/user/user_money', async (req) => {
    const memberId = await requireMember(req);
    return ok(await userMoney(db, memberId));
  });

  app.get('/api/user/user_money_log', async (req) => {
    const memberId = await requireMember(req);
    return ok(await moneyLog(db, memberId, parse(moneyLogQuerySchema, req.query)));
  });

  app.get('/api/user/points_log', async (req) => {
    const memberId = await requireMember(req);
    return ok(await pointsLog(db, memberId, parse(pointsLogQuerySchema, req.query)));
  });

  app.get('/api/user/coupon', async (req) => {
    const memberId = await requireMember(req);
    return ok(await memberCouponList(db, memberId, parse(memberCouponQuerySchema, req.query), ctx.now()));
  });
}
