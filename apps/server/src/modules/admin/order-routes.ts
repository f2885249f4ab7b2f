import type { FastifyInstance } from 'fastify';
import {
  adminOrderListQuerySchema,
  adminReturnListQuerySchema,
  confirmPaymentSchema,
  idParamSchema,
  returnApproveSchema,
  returnPhotoParamsSchema,
  returnRejectSchema,
  shipOrderSchema,
} from '@kc/domain';
import { requireOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { shipOrder } from '../order/lifecycle.js';
import { orderDetail } from '../order/detail.js';
import { listReturns, returnDetail, returnPhoto } from '../order/returns.js';
import { confirmOfflinePayment } from '../payment/service.js';
import { adminOrderList, approveReturn, receiveReturn, refundReturn, rejectReturn } from './orders.js';

/** The operator's fulfilment calls (docs/api/admin.md): orders to ship, transfers, returns. */
export function adminOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const id = (params: unknown) => parse(idParamSchema, params).id;

  app.get('/api/admin/orders', async (req) => {
    await requireOperator(req);
    return ok(await adminOrderList(db, parse(adminOrderListQuerySchema, req.query)));
  });
  app.get('/api/admin/orders/:id', async (req) => {
    await requireOperator(req);
    return ok(await orderDetail(db, id(req.params), ctx.now()));
  });
  app.post('/api/admin/orders/:id/ship', async (req) => {
    await requireOperator(req);
    const { carrier, tracking_no } = parse(shipOrderSchema, req.body);
    await shipOrder(db, id(req.params), carrier, tracking_no, ctx.now());
    return ok(await orderDetail(db, id(req.params), ctx.now()), '已发货');
  });
  app.post('/api/admin/orders/:id/confirm_payment', async (req) => {
    await requireOperator(req);
    const { note } = parse(confirmPaymentSchema, req.body);
    await confirmOfflinePayment(db, id(req.params), note, ctx.now());
    return ok(await orderDetail(db, id(req.params), ctx.now()), '已确认收款');
  });

  app.get('/api/admin/returns', async (req) => {
    await requireOperator(req);
    const q = parse(adminReturnListQuerySchema, req.query);
    return ok(await listReturns(db, q, { status: q.status === 'all' ? undefined : q.status }));
  });
  app.get('/api/admin/returns/:id', async (req) => {
    await requireOperator(req);
    return ok(await returnDetail(db, id(req.params)));
  });
  app.post('/api/admin/returns/:id/approve', async (req) => {
    await requireOperator(req);
    await approveReturn(db, id(req.params), parse(returnApproveSchema, req.body).remark, ctx.now());
    return ok(await returnDetail(db, id(req.params)), '已同意退货');
  });
  app.post('/api/admin/returns/:id/reject', async (req) => {
    await requireOperator(req);
    await rejectReturn(db, id(req.params), parse(returnRejectSchema, req.body).reason, ctx.now());
    return ok(await returnDetail(db, id(req.params)), '已拒绝');
  });
  app.post('/api/admin/returns/:id/receive', async (req) => {
    await requireOperator(req);
    await receiveReturn(db, id(req.params), ctx.now());
    return ok(await returnDetail(db, id(req.params)), '已确认收到退货');
  });
  app.post('/api/admin/returns/:id/refund', async (req) => {
    await requireOperator(req);
    await refundReturn(db, id(req.params), ctx.now());
    return ok(await returnDetail(db, id(req.params)), '已退款');
  });
  app.get('/api/admin/returns/:id/photo/:n', async (req, reply) => {
    await requireOperator(req);
    const { id: rid, n } = parse(returnPhotoParamsSchema, req.params);
    const f = await returnPhoto(db, rid, n);
    return reply.type(f.mime).header('cache-control', 'private, no-store').send(f.bytes);
  });
}
