import type { FastifyInstance } from 'fastify';
import { cancelOrderSchema, orderIdParamsSchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { memberOrderDetail } from '../../modules/order/detail.js';
import { cancelOrder } from './cancel.js';
import { receiveOrder } from './receive.js';

/** The member's own order after placing it: cancelling before shipment, confirming receipt. */
export function orderFlowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const idOf = (params: unknown) => parse(orderIdParamsSchema, params).id;

  app.post('/api/order/:id/cancel', async (req) => {
    const memberId = await requireMember(req);
    const id = idOf(req.params);
    const { reason } = parse(cancelOrderSchema, req.body);
    await cancelOrder(db, memberId, id, reason, ctx.now());
    return ok(await memberOrderDetail(db, memberId, id, ctx.now(), ctx.providers.logistics), '订单已取消');
  });

  app.post('/api/order/:id/receive', async (req) => {
    const memberId = await requireMember(req);
    const id = idOf(req.params);
    await receiveOrder(db, id, ctx.now(), memberId);
    return ok(await memberOrderDetail(db, memberId, id, ctx.now(), ctx.providers.logistics), '已确认收货');
  });
}
