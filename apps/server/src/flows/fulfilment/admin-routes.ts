import type { FastifyInstance } from 'fastify';
import { confirmPaymentSchema, idParamSchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { operatorOrderDetail } from '../../modules/order/detail.js';
import { returnDetail } from '../../modules/order/returns.js';
import { confirmTransfer, refundReturn } from './fulfilment.js';

/** The operator calls that move money, under `/api/admin` (docs/api/admin.md). */
export function fulfilmentAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const id = (params: unknown) => parse(idParamSchema, params).id;

  app.post('/orders/:id/confirm_payment', { config: { access: 'payment.confirm' } }, async (req) => {
    const { note } = parse(confirmPaymentSchema, req.body);
    await confirmTransfer(db, id(req.params), note, ctx.now());
    return ok(
      await operatorOrderDetail(db, id(req.params), ctx.now(), ctx.providers.logistics),
      '已确认收款',
    );
  });
  app.post('/returns/:id/refund', { config: { access: 'refund' } }, async (req) => {
    await refundReturn(db, id(req.params), ctx.now());
    return ok(await returnDetail(db, id(req.params)), '已退款');
  });
}
