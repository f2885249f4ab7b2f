import type { FastifyInstance } from 'fastify';
import {
  cancelOrderSchema,
  hmReceiptSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderPreviewSchema,
  pageQuerySchema,
  placeOrderSchema,
} from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import { buyAgain, deliveryNote } from './again.js';
import { hmOrders, hmReceiptFile, pointsOrders, uploadHmReceipt } from './hm.js';
import { cancelOrder, receiveOrder } from './lifecycle.js';
import { placeOrder } from './place.js';
import { checkOrder } from './preview.js';
import { orderDetail } from './detail.js';
import { orderCounts, orderList } from './read.js';

/** The member's order calls (docs/api/order.md): each reads and changes the caller's own orders only. */
export function orderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const idOf = (params: unknown) => parse(orderIdParamsSchema, params).id;

  app.post('/api/order/preview', async (req) => {
    const memberId = await requireMember(req);
    return ok(await checkOrder(db, memberId, parse(orderPreviewSchema, req.body), ctx.now()));
  });

  app.post('/api/order', async (req) => {
    const memberId = await requireMember(req);
    const header = req.headers['idempotency-key'];
    const body = {
      ...(req.body as object),
      ...(typeof header === 'string' ? { idempotency_key: header } : {}),
    };
    const input = parse(placeOrderSchema, body);
    try {
      return ok(await placeOrder(db, memberId, input, ctx.now()), '订单提交成功');
    } catch (err) {
      // A changed amount answers with the new check-order view, so the page can show it at once.
      const data =
        err instanceof AppError ? (err.data as { amount_changed?: number } | undefined) : undefined;
      if (!(err instanceof AppError) || !data?.amount_changed) throw err;
      const preview = await checkOrder(db, memberId, input, ctx.now());
      throw new AppError('business', err.message, undefined, { ...data, preview });
    }
  });

  app.get('/api/order/counts', async (req) => ok(await orderCounts(db, await requireMember(req))));

  app.get('/api/order/list', async (req) => {
    const memberId = await requireMember(req);
    return ok(await orderList(db, memberId, parse(orderListQuerySchema, req.query), ctx.now()));
  });

  app.get('/api/order/hm', async (req) => {
    const memberId = await requireMember(req);
    return ok(await hmOrders(db, memberId, parse(pageQuerySchema, req.query)));
  });

  app.get('/api/order/points', async (req) => {
    const memberId = await requireMember(req);
    return ok(await pointsOrders(db, memberId, parse(pageQuerySchema, req.query)));
  });

  app.get('/api/order/:id', async (req) => {
    const memberId = await requireMember(req);
    return ok(await orderDetail(db, idOf(req.params), ctx.now(), memberId));
  });

  app.post('/api/order/:id/cancel', async (req) => {
    const memberId = await requireMember(req);
    const id = idOf(req.params);
    const { reason } = parse(cancelOrderSchema, req.body);
    await cancelOrder(db, memberId, id, reason, ctx.now());
    return ok(await orderDetail(db, id, ctx.now(), memberId), '订单已取消');
  });

  app.post('/api/order/:id/receive', async (req) => {
    const memberId = await requireMember(req);
    const id = idOf(req.params);
    await receiveOrder(db, id, ctx.now(), memberId);
    return ok(await orderDetail(db, id, ctx.now(), memberId), '已确认收货');
  });

  app.post('/api/order/:id/buy_again', async (req) => {
    const memberId = await requireMember(req);
    const r = await buyAgain(db, memberId, idOf(req.params), ctx.now());
    const msg =
      r.skipped.length > 0 ? `已加入购物车${r.added}种，${r.skipped.length}种无法购买` : '已加入购物车';
    return ok(r, msg);
  });

  app.get('/api/order/:id/delivery_note', async (req) => {
    const memberId = await requireMember(req);
    return ok(await deliveryNote(db, memberId, idOf(req.params), ctx.now()));
  });

  app.post('/api/order/:id/hm_receipt', async (req) => {
    const memberId = await requireMember(req);
    const { file } = parse(hmReceiptSchema, req.body);
    return ok(await uploadHmReceipt(db, memberId, idOf(req.params), file, ctx.now()), '到货回执已上传');
  });

  app.get('/api/order/:id/hm_receipt', async (req, reply) => {
    const memberId = await requireMember(req);
    const f = await hmReceiptFile(db, memberId, idOf(req.params));
    return reply.type(f.mime).header('cache-control', 'private, no-store').send(f.bytes);
  });
}
