import type { FastifyInstance } from 'fastify';
import { hmPurchaserSchema, orderIdParamsSchema, payOrderSchema, rechargeSchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { PaymentSimulator } from '../../providers/index.js';
import { handleNotification } from './notify.js';
import { payableOf, payOrder } from './pay.js';
import { authorizeBalancePayment } from '../../modules/account/pay-security.js';
import { startRecharge } from './recharge.js';
import { simulatorRoutes } from './simulator.js';

/**
 * Paying an order (balance, bank transfer, the online gateway of ctx.providers.payment), a
 * balance top-up at the gateway (在线充值), the gateway's notifications and, while the
 * gateway is the development simulator, its cashier.
 */
export function paymentFlowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.post('/api/order/:id/pay', async (req) => {
    const memberId = await requireMember(req);
    const id = parse(orderIdParamsSchema, req.params).id;
    const { method, pay_password, sms_code } = parse(payOrderSchema, req.body);
    const body = (req.body ?? {}) as Record<string, unknown>;
    // The identity is validated whenever it is sent; the journey requires it for 含麻 orders.
    const purchaser =
      body.purchaser_name !== undefined || body.purchaser_id_no !== undefined
        ? parse(hmPurchaserSchema, body)
        : null;
    // 余额支付 asks for the payment password (and an SMS code above the member's amount) here,
    // on the server: before the order's transaction, so a wrong try is counted.
    if (method === 'balance')
      await authorizeBalancePayment(
        db,
        memberId,
        await payableOf(db, memberId, id),
        { pay_password, sms_code },
        ctx.now(),
      );
    const r = await payOrder(db, memberId, id, method, purchaser, ctx.now(), ctx.providers.payment);
    const msg =
      r.status === 'paid' ? '支付成功' : r.status === 'awaiting_transfer' ? '请按以下账户转账' : '请完成支付';
    return ok(r, msg);
  });

  // 在线充值: a pending top-up opened at the same gateway; the notification credits the balance.
  app.post('/api/user/recharge', async (req) => {
    const memberId = await requireMember(req);
    const { amount } = parse(rechargeSchema, req.body);
    return ok(await startRecharge(db, memberId, amount, ctx.now(), ctx.providers.payment), '请完成支付');
  });

  // Gateways post without a session; the signature is what authenticates them. They expect a
  // plain 'success' or 'fail'.
  app.post('/api/pay/notify/:provider', async (req, reply) => {
    const { provider } = req.params as { provider: string };
    const result = await handleNotification(
      db,
      ctx.providers.payment,
      provider,
      (req.body ?? {}) as object,
      ctx.now(),
      req.log,
    );
    return reply.type('text/plain; charset=utf-8').send(result);
  });

  const gateway = ctx.providers.payment;
  if (gateway instanceof PaymentSimulator) simulatorRoutes(app, ctx, gateway);
}
