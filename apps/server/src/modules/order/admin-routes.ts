import type { FastifyInstance } from 'fastify';
import {
  adminOrderFilterSchema,
  adminReturnFilterSchema,
  allocateOrderSchema,
  idParamSchema,
  pickListQuerySchema,
  returnApproveSchema,
  returnPhotoParamsSchema,
  returnRejectSchema,
  shipOrderSchema,
} from '@kc/domain';
import { audit } from '../../platform/audit.js';
import { requireOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { adminOrderDetail } from './admin-detail.js';
import { adminOrderList } from './admin-list.js';
import { deliveryNoteHtml, pickListHtml, sendPrintable } from './admin-print.js';
import { adminReturnList } from './admin-returns.js';
import { shipByOperator } from './admin-ship.js';
import { allocateOrder, allocationView } from './allocation.js';
import { operatorDeliveryNote } from './delivery-note.js';
import { pickList } from './pick-list.js';
import { approveReturn, receiveReturn, rejectReturn } from './return-review.js';
import { returnDetail, returnPhoto } from './returns.js';

/**
 * The operator's orders and returns under `/api/admin` (docs/api/admin-orders.md). The steps
 * that move money (confirm a transfer, cancel with refund, refund a return) are flows:
 * flows/fulfilment/admin-routes.ts. Every write tells the audit log what it changed.
 */
export function orderAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const id = (params: unknown) => parse(idParamSchema, params).id;
  const read = { config: { access: 'order.read' } } as const;
  const detail = (orderId: number) => adminOrderDetail(db, orderId, ctx.now(), ctx.providers.logistics);

  app.get('/orders', read, async (req) =>
    ok(await adminOrderList(db, parse(adminOrderFilterSchema, req.query))),
  );
  app.get('/orders/:id', read, async (req) => ok(await detail(id(req.params))));

  app.get('/orders/:id/allocation', read, async (req) =>
    ok(await allocationView(db, id(req.params), ctx.now())),
  );
  app.post('/orders/:id/allocate', { config: { access: 'stock.allocate' } }, async (req) => {
    const orderId = id(req.params);
    const input = parse(allocateOrderSchema, req.body);
    const r = await allocateOrder(db, orderId, input, await requireOperator(req), ctx.now());
    const d = await detail(orderId);
    audit(req, {
      action: 'order.allocate',
      entity: 'order',
      entityId: orderId,
      summary: r.changed
        ? `调整订单 ${d.order_no} 的批号（${input.reason || '按效期先出'}）`
        : `确认订单 ${d.order_no} 的批号（按效期先出）`,
      before: r.before,
      after: { lines: r.after, reason: input.reason },
    });
    return ok(d, r.changed ? '批号已调整' : '批号已确认');
  });

  app.get('/orders/:id/pick_list', read, async (req, reply) => {
    const orders = await pickList(db, [id(req.params)]);
    return sendPrintable(reply, `拣货单 ${orders[0]!.order_no}`, pickListHtml(orders, ctx.now()));
  });
  app.get('/pick_list', read, async (req, reply) => {
    const { ids } = parse(pickListQuerySchema, req.query);
    const orders = await pickList(db, [...new Set(ids)]);
    return sendPrintable(reply, `批量拣货单（${orders.length}个订单）`, pickListHtml(orders, ctx.now()));
  });
  app.get('/orders/:id/delivery_note', read, async (req, reply) => {
    const note = await operatorDeliveryNote(db, id(req.params), ctx.now(), ctx.providers.logistics);
    return sendPrintable(reply, `随货同行单 ${note.order_no}`, deliveryNoteHtml(note, ctx.now()));
  });

  app.post('/orders/:id/ship', { config: { access: 'order.ship' } }, async (req) => {
    const orderId = id(req.params);
    const { carrier, tracking_no } = parse(shipOrderSchema, req.body);
    const r = await shipByOperator(db, orderId, carrier, tracking_no, await requireOperator(req), ctx.now());
    audit(req, {
      action: 'order.ship',
      entity: 'order',
      entityId: orderId,
      summary: `订单 ${r.orderNo} 发货：${carrier} ${tracking_no}${r.autoAllocated ? '（自动确认按效期先出批号）' : ''}`,
      before: r.before,
      after: { ...r.after, auto_allocated: r.autoAllocated },
    });
    return ok(await detail(orderId), '已发货');
  });

  app.get('/returns', read, async (req) =>
    ok(await adminReturnList(db, parse(adminReturnFilterSchema, req.query))),
  );
  app.get('/returns/:id', read, async (req) => ok(await returnDetail(db, id(req.params))));
  app.get('/returns/:id/photo/:n', read, async (req, reply) => {
    const { id: rid, n } = parse(returnPhotoParamsSchema, req.params);
    const f = await returnPhoto(db, rid, n);
    return reply.type(f.mime).header('cache-control', 'private, no-store').send(f.body);
  });

  /** Runs a decision on a request and records it with the request's status before and after. */
  const decide = async (
    req: Parameters<typeof audit>[0],
    action: string,
    verb: string,
    run: (rid: number) => Promise<void>,
    extra: Record<string, string> = {},
  ) => {
    const rid = id(req.params);
    const before = await returnDetail(db, rid);
    await run(rid);
    const after = await returnDetail(db, rid);
    audit(req, {
      action,
      entity: 'return',
      entityId: rid,
      summary: `${verb}退货申请 ${after.return_no}（订单 ${after.order_no}）`,
      before: { status: before.status_text },
      after: { status: after.status_text, ...extra },
    });
    return after;
  };

  const handle = { config: { access: 'return.handle' } } as const;
  app.post('/returns/:id/approve', handle, async (req) => {
    const { remark } = parse(returnApproveSchema, req.body);
    const r = await decide(
      req,
      'return.approve',
      '同意',
      (rid) => approveReturn(db, rid, remark, ctx.now()),
      {
        remark,
      },
    );
    return ok(r, '已同意退货');
  });
  app.post('/returns/:id/reject', handle, async (req) => {
    const { reason } = parse(returnRejectSchema, req.body);
    const r = await decide(req, 'return.reject', '拒绝', (rid) => rejectReturn(db, rid, reason, ctx.now()), {
      reason,
    });
    return ok(r, '已拒绝');
  });
  app.post('/returns/:id/receive', { config: { access: 'return.receive' } }, async (req) => {
    const r = await decide(req, 'return.receive', '确认收到', (rid) => receiveReturn(db, rid, ctx.now()));
    return ok(r, '已确认收到退货');
  });
}
