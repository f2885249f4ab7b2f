import type { FastifyInstance } from 'fastify';
import { hmPurchaserSchema, orderIdParamsSchema, payOrderSchema } from '@kc/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { handleNotification } from './notify.js';
import { paymentStatus, payOrder, payPage } from './service.js';
import { simulatorRoutes } from './simulator.js';

const paymentNoSchema = z.object({ no: z.string().regex(/^P\d{10,30}$/, { message: '支付单号有误' }) });

/** Paying an order (balance, bank transfer, online gateway) and the gateway's notifications. */
export function paymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/order/:id/pay', async (req) => {
    const memberId = await requireMember(req);
    return ok(await payPage(db, memberId, parse(orderIdParamsSchema, req.params).id));
  });

  app.post('/api/order/:id/pay', async (req) => {
    const memberId = await requireMember(req);
    const id = parse(orderIdParamsSchema, req.params).id;
    const { method } = parse(payOrderSchema, req.body);
    const body = (req.body ?? {}) as Record<string, unknown>;
    // The identity is validated whenever it is sent; the service requires it for 含麻 orders.
    const purchaser =
      body.purchaser_name !== undefined || body.purchaser_id_no !== undefined
        ? parse(hmPurchaserSchema, body)
        : null;
    const r = await payOrder(db, memberId, id, method, purchaser, ctx.now());
    const msg =
      r.status === 'paid' ? '支付成功' : r.status === 'awaiting_transfer' ? '请按以下账户转账' : '请完成支付';
    return ok(r, msg);
  });

  app.get('/api/payment/:no', async (req) => {
    const memberId = await requireMember(req);
    return ok(await paymentStatus(db, memberId, parse(paymentNoSchema, req.params).no));
  });

  // Gateways post without a session; the signature is what authenticates them. They expect a
  // plain 'success' or 'fail'.
  app.post('/api/pay/notify/:provider', async (req, reply) => {
    const { provider } = req.params as { provider: string };
    const result = await handleNotification(
      db,
      ctx.config.paymentSecret,
      provider,
      (req.body ?? {}) as object,
      ctx.now(),
    );
    return reply.type('text/plain; charset=utf-8').send(result);
  });

  if (ctx.config.devProviders) simulatorRoutes(app, ctx);
}
