import type { FastifyInstance } from 'fastify';
import { adminCancelOrderSchema, confirmPaymentSchema, fenToYuan, idParamSchema } from '@kc/domain';
import { audit } from '../../platform/audit.js';
import { requireOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { adminOrderDetail } from '../../modules/order/admin-detail.js';
import { returnDetail } from '../../modules/order/returns.js';
import { settleInvoiceAfterRefund } from '../../modules/invoice/issue.js';
import { cancelByOperator } from './admin-cancel.js';
import { confirmTransfer, refundReturn } from './fulfilment.js';

/** The operator calls that move money, under `/api/admin` (docs/api/admin-orders.md). Each is audited. */
export function fulfilmentAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const id = (params: unknown) => parse(idParamSchema, params).id;
  const detail = (orderId: number) => adminOrderDetail(db, orderId, ctx.now(), ctx.providers.logistics);
  const invoicing = { db, provider: ctx.providers.einvoice, now: ctx.now };

  app.post('/orders/:id/confirm_payment', { config: { access: 'payment.confirm' } }, async (req) => {
    const orderId = id(req.params);
    const { note } = parse(confirmPaymentSchema, req.body);
    await confirmTransfer(db, orderId, note, ctx.now());
    const d = await detail(orderId);
    audit(req, {
      action: 'order.confirm_payment',
      entity: 'order',
      entityId: orderId,
      summary: `确认订单 ${d.order_no} 对公转账到账 ${d.payable}元${note ? `（${note}）` : ''}`,
      before: { status: '待付款', payment: '等待确认到账' },
      after: { status: d.status_text, paid_amount: d.payment.paid_amount, note },
    });
    return ok(d, '已确认收款');
  });

  app.post('/orders/:id/cancel', { config: { access: 'order.cancel' } }, async (req) => {
    const orderId = id(req.params);
    const { reason } = parse(adminCancelOrderSchema, req.body);
    const r = await cancelByOperator(db, orderId, reason, await requireOperator(req), ctx.now());
    if (r.refund > 0) await settleInvoiceAfterRefund(invoicing, orderId, req.log);
    audit(req, {
      action: 'order.cancel',
      entity: 'order',
      entityId: orderId,
      summary: `取消订单 ${r.orderNo}（${reason}）${r.refund > 0 ? `，退款${fenToYuan(r.refund)}元至余额` : ''}`,
      before: r.before,
      after: r.after,
    });
    return ok(
      await detail(orderId),
      r.refund > 0 ? `订单已取消，已退款${fenToYuan(r.refund)}元` : '订单已取消',
    );
  });

  app.post('/returns/:id/refund', { config: { access: 'refund' } }, async (req) => {
    const rid = id(req.params);
    const before = await returnDetail(db, rid);
    const total = await refundReturn(db, rid, ctx.now());
    const after = await returnDetail(db, rid);
    // The refund changed what the invoice must cover: 红冲 and re-issue (issue 14).
    await settleInvoiceAfterRefund(invoicing, after.order_id, req.log);
    audit(req, {
      action: 'return.refund',
      entity: 'return',
      entityId: rid,
      summary: `退货申请 ${after.return_no} 退款 ${fenToYuan(total)}元至余额（订单 ${after.order_no}）`,
      before: { status: before.status_text },
      after: { status: after.status_text, refund_amount: fenToYuan(total) },
    });
    return ok(after, '已退款');
  });
}
