import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hmReportQuerySchema,
  idParamSchema,
  purchaseReportQuerySchema,
  resolveReportRange,
  salesReportQuerySchema,
  stockLedgerQuerySchema,
  type Paginated,
} from '@kc/domain';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import { hmReceiptFile } from '../../modules/order/hm.js';
import { sendReport } from './export.js';
import { reportPage, type KeyedRow, type Report } from './report.js';
import { hmReport, salesReport } from './sales.js';
import { purchaseReport, stockLedgerReport } from './stock.js';

/**
 * The compliance records under `/api/admin/reports` (docs/api/admin-reports.md): read-only,
 * 'report.read' (财务, 仓库, 管理员). Without `format` a page of JSON; `format=xlsx|csv` the
 * whole range as a streamed file. Nothing here writes, so nothing is audited.
 */
export function reportAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const read = { config: { access: 'report.read' } } as const;

  function serve<S extends z.ZodType, Raw extends KeyedRow, Row>(
    schema: S,
    report: Report<z.infer<S>, Raw, Row>,
  ) {
    return async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      const q = parse(schema, req.query) as z.infer<S> & {
        from?: string;
        to?: string;
        page: number;
        page_size: number;
        format?: 'xlsx' | 'csv';
      };
      const range = resolveReportRange(q.from, q.to, ctx.now());
      if ('field' in range) throw invalid(range.field, range.message);
      if (q.format) return sendReport(req, reply, db, report, q, range, q.format);
      const page: Paginated<Row> & { from: string; to: string } = {
        ...(await reportPage(db, report, q, range, q)),
        from: range.from,
        to: range.to,
      };
      return ok(page);
    };
  }

  app.get('/reports/sales', read, serve(salesReportQuerySchema, salesReport));
  app.get('/reports/hm', read, serve(hmReportQuerySchema, hmReport));
  app.get('/reports/purchases', read, serve(purchaseReportQuerySchema, purchaseReport));
  app.get('/reports/stock_ledger', read, serve(stockLedgerQuerySchema, stockLedgerReport));

  // The buyer's arrival receipt of a 含麻 order (到货回执), for the inspector.
  app.get('/reports/hm/:id/receipt', read, async (req, reply) => {
    const f = await hmReceiptFile(db, null, parse(idParamSchema, req.params).id);
    return reply.type(f.mime).header('cache-control', 'private, no-store').send(f.body);
  });
}
