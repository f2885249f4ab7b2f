import type { FastifyInstance } from 'fastify';
import { adminInvoiceListQuerySchema, idParamSchema, invoiceIssueSchema } from '@kc/domain';
import { audit } from '../../platform/audit.js';
import { requireOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { issueOrderInvoice } from './issue.js';
import { adminInvoices, adminOrderInvoice, invoicePdf } from './read.js';

/**
 * 财务's e-invoices under `/api/admin`: the queue (invoice.read: 财务, 客服, 管理员), issuing and
 * 红冲重开 (invoice.issue: 财务, 管理员), every issue audited.
 */
export function invoiceAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const read = { config: { access: 'invoice.read' } } as const;
  const deps = { db, provider: ctx.providers.einvoice, now: ctx.now };

  app.get('/invoices', read, async (req) =>
    ok(await adminInvoices(db, parse(adminInvoiceListQuerySchema, req.query))),
  );

  app.get('/invoices/:id/pdf', read, async (req, reply) => {
    const f = await invoicePdf(db, null, parse(idParamSchema, req.params).id);
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="${f.invoiceNo}.pdf"`)
      .send(f.body);
  });

  app.post('/invoices/issue', { config: { access: 'invoice.issue' } }, async (req) => {
    const { order_ids } = parse(invoiceIssueSchema, req.body);
    const operatorId = await requireOperator(req);
    const results = [];
    const before = [];
    for (const orderId of new Set(order_ids)) {
      const view = await adminOrderInvoice(db, orderId);
      before.push({
        order_id: orderId,
        status: view?.status_text ?? '',
        documents: view?.documents.length ?? 0,
      });
      results.push(await issueOrderInvoice(deps, orderId, operatorId));
    }
    audit(req, {
      action: 'invoice.issue',
      entity: 'order',
      ...(results.length === 1 ? { entityId: results[0]!.order_id } : {}),
      summary: `开具电子发票：${results.map((r) => `订单 ${r.order_no}（${r.message}）`).join('、')}`,
      before,
      after: results,
    });
    const failed = results.filter((r) => r.result === 'failed').length;
    const done = results.filter((r) => r.result !== 'failed' && r.result !== 'unchanged').length;
    return ok(
      { results },
      failed ? `已开具${done}张，${failed}张失败` : done ? `已开具${done}张` : '所选订单的发票均已是最新',
    );
  });
}
