import type { FastifyInstance } from 'fastify';
import {
  adminOrderListQuerySchema,
  adminReturnListQuerySchema,
  idParamSchema,
  returnApproveSchema,
  returnPhotoParamsSchema,
  returnRejectSchema,
  shipOrderSchema,
} from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { adminOrderList } from './admin-list.js';
import { operatorOrderDetail } from './detail.js';
import { shipOrder } from './lifecycle.js';
import { approveReturn, receiveReturn, rejectReturn } from './return-review.js';
import { listReturns, returnDetail, returnPhoto } from './returns.js';

/**
 * The operator's orders and returns under `/api/admin` (docs/api/admin.md). The steps that
 * move money (confirm a transfer, refund a return) are flows: flows/fulfilment/admin-routes.ts.
 */
export function orderAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const id = (params: unknown) => parse(idParamSchema, params).id;
  const read = { config: { access: 'order.read' } } as const;

  app.get('/orders', read, async (req) =>
    ok(await adminOrderList(db, parse(adminOrderListQuerySchema, req.query))),
  );
  app.get('/orders/:id', read, async (req) =>
    ok(await operatorOrderDetail(db, id(req.params), ctx.now(), ctx.providers.logistics)),
  );
  app.post('/orders/:id/ship', { config: { access: 'order.ship' } }, async (req) => {
    const { carrier, tracking_no } = parse(shipOrderSchema, req.body);
    await shipOrder(db, id(req.params), carrier, tracking_no, ctx.now());
    return ok(await operatorOrderDetail(db, id(req.params), ctx.now(), ctx.providers.logistics), '已发货');
  });

  app.get('/returns', read, async (req) => {
    const q = parse(adminReturnListQuerySchema, req.query);
    return ok(await listReturns(db, q, { status: q.status === 'all' ? undefined : q.status }));
  });
  app.get('/returns/:id', read, async (req) => ok(await returnDetail(db, id(req.params))));
  app.get('/returns/:id/photo/:n', read, async (req, reply) => {
    const { id: rid, n } = parse(returnPhotoParamsSchema, req.params);
    const f = await returnPhoto(db, rid, n);
    return reply.type(f.mime).header('cache-control', 'private, no-store').send(f.body);
  });

  const handle = { config: { access: 'return.handle' } } as const;
  app.post('/returns/:id/approve', handle, async (req) => {
    await approveReturn(db, id(req.params), parse(returnApproveSchema, req.body).remark, ctx.now());
    return ok(await returnDetail(db, id(req.params)), '已同意退货');
  });
  app.post('/returns/:id/reject', handle, async (req) => {
    await rejectReturn(db, id(req.params), parse(returnRejectSchema, req.body).reason, ctx.now());
    return ok(await returnDetail(db, id(req.params)), '已拒绝');
  });
  app.post('/returns/:id/receive', { config: { access: 'return.receive' } }, async (req) => {
    await receiveReturn(db, id(req.params), ctx.now());
    return ok(await returnDetail(db, id(req.params)), '已确认收到退货');
  });
}
