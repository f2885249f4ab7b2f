import type { FastifyInstance } from 'fastify';
import { moneyLogQuerySchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { moneyLog, userMoney } from './service.js';

/** Wallet (余额): the member's balance and money log (the operator's top-up is in admin-routes.ts). */
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
}
