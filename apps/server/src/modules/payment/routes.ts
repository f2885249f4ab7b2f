import type { FastifyInstance } from 'fastify';
import { orderIdParamsSchema, rechargeNoParamsSchema } from '@kc/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { rechargeStatus } from './recharge-payments.js';
import { paymentStatus, payPage } from './service.js';

const paymentNoSchema = z.object({ no: z.string().regex(/^P\d{10,30}$/, { message: '支付单号有误' }) });

/**
 * What the pay page shows, a payment's state and a top-up's state. Paying, topping up, the
 * gateway's notifications and the development cashier change the order and the wallet too:
 * flows/payment registers those.
 */
export function paymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/order/:id/pay', async (req) => {
    const memberId = await requireMember(req);
    return ok(await payPage(db, memberId, parse(orderIdParamsSchema, req.params).id));
  });

  app.get('/api/payment/:no', async (req) => {
    const memberId = await requireMember(req);
    return ok(await paymentStatus(db, memberId, parse(paymentNoSchema, req.params).no));
  });

  // A top-up's state, for /yegl when the buyer comes back from the gateway.
  app.get('/api/user/recharge/:payment_no', async (req) => {
    const memberId = await requireMember(req);
    return ok(await rechargeStatus(db, memberId, parse(rechargeNoParamsSchema, req.params).payment_no));
  });
}
