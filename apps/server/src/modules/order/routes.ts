import type { FastifyInstance } from 'fastify';
import { orderIdParamsSchema, orderListQuerySchema, pageQuerySchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { deliveryNote } from './delivery-note.js';
import { memberOrderDetail } from './detail.js';
import { limitUploads, receiveUpload } from '../account/uploads.js';
import { HM_RECEIPT_UPLOAD, hmOrders, hmReceiptFile, pointsOrders, uploadHmReceipt } from './hm.js';
import { orderCounts, orderList } from './read.js';

/**
 * The member's order calls (docs/api/order.md): each reads and changes the caller's own orders
 * only. Placing, cancelling, receiving and buying again cross modules: flows/checkout and
 * flows/orders register those.
 */
export function orderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const idOf = (params: unknown) => parse(orderIdParamsSchema, params).id;

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
    return ok(await memberOrderDetail(db, memberId, idOf(req.params), ctx.now(), ctx.providers.logistics));
  });

  app.get('/api/order/:id/delivery_note', async (req) => {
    const memberId = await requireMember(req);
    return ok(await deliveryNote(db, memberId, idOf(req.params), ctx.now(), ctx.providers.logistics));
  });

  app.post('/api/order/:id/hm_receipt', { config: { upload: true } }, async (req) => {
    const memberId = await requireMember(req);
    const orderId = idOf(req.params);
    await limitUploads(ctx.limits, memberId);
    const { files } = await receiveUpload(req, HM_RECEIPT_UPLOAD);
    return ok(await uploadHmReceipt(db, memberId, orderId, files[0], ctx.now()), '到货回执已上传');
  });

  app.get('/api/order/:id/hm_receipt', async (req, reply) => {
    const memberId = await requireMember(req);
    const f = await hmReceiptFile(db, memberId, idOf(req.params));
    return reply.type(f.mime).header('cache-control', 'private, no-store').send(f.body);
  });
}
