import type { FastifyInstance } from 'fastify';
import { idParamSchema, memberInvoiceListQuerySchema } from '@kc/domain';
import { requireMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { invoicePdf, memberInvoices } from './read.js';

/** The member's e-invoices (`/dzfp`): their own orders' invoices and PDFs only. */
export function invoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/user/invoices', async (req) => {
    const memberId = await requireMember(req);
    return ok(await memberInvoices(db, memberId, parse(memberInvoiceListQuerySchema, req.query)));
  });

  app.get('/api/user/invoices/:id/pdf', async (req, reply) => {
    const memberId = await requireMember(req);
    const f = await invoicePdf(db, memberId, parse(idParamSchema, req.params).id);
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="${f.invoiceNo}.pdf"`)
      .send(f.body);
  });
}
