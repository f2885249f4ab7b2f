import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IMPORT_KIND_LABELS,
  goodsExportQuerySchema,
  importFieldsSchema,
  importJobParamsSchema,
  importTemplateParamsSchema,
  lotsExportQuerySchema,
  type ImportJobView,
  type ImportKind,
  type ImportReport,
} from '@kc/domain';
import { requireOperator } from '../../platform/auth.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import { attachment, exportGoods, exportLots } from './import/export.js';
import { goodsPlan } from './import/goods.js';
import { lotsPlan } from './import/lots.js';
import { pricesPlan } from './import/prices.js';
import { runImport, type PlanFactory } from './import/run.js';
import { templateFileName, templateWorkbook } from './import/templates.js';
import { receiveImportFile } from './import/upload.js';
import { importJobs } from './schema.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PLANS: Record<ImportKind, PlanFactory> = {
  goods: goodsPlan as PlanFactory,
  lots: lotsPlan as PlanFactory,
  prices: pricesPlan as PlanFactory,
};

/** Today as YYYYMMDD in China time, for export file names. */
const stamp = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');

/**
 * Spreadsheet import and export of the catalogue under `/api/admin` (docs/api/admin-import.md,
 * decision 047): goods, lots and prices from .xlsx or .csv with a dry run, the templates, the
 * progress of a running import, and the goods and lots exports.
 */
export function catalogImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  const importCall = (kind: ImportKind) => async (req: FastifyRequest) => {
    const operatorId = await requireOperator(req);
    const file = await receiveImportFile(req);
    const fields = parse(importFieldsSchema, file.fields);
    const report: ImportReport = await runImport(db, {
      kind,
      plan: PLANS[kind],
      bytes: file.bytes,
      format: file.format,
      fileName: file.fileName,
      dryRun: fields.dry_run,
      job: fields.job,
      operatorId,
      now: ctx.now(),
    });
    const label = IMPORT_KIND_LABELS[kind];
    audit(req, {
      action: `${kind}.import`,
      entity: 'import',
      entityId: report.job,
      summary: report.committed
        ? `导入${label} ${file.fileName}：${report.rows} 行，新增 ${report.created}，更新 ${report.updated}`
        : `${report.dry_run ? '预检' : '导入被拒'}${label} ${file.fileName}：${report.rows} 行，${report.error_count} 个错误`,
      after: {
        rows: report.rows,
        created: report.created,
        updated: report.updated,
        errors: report.error_count,
      },
    });
    const msg = report.committed
      ? '导入完成'
      : report.error_count > 0
        ? `发现${report.error_count}个错误，未导入任何数据`
        : report.dry_run
          ? '预检通过'
          : '文件没有数据行';
    return ok(report, msg);
  };

  for (const kind of ['goods', 'lots', 'prices'] as const) {
    app.post(`/${kind}/import`, { config: { access: 'goods.import', upload: true } }, importCall(kind));
  }

  app.get('/imports/:job', { config: { access: 'goods.import' } }, async (req) => {
    const { job } = parse(importJobParamsSchema, req.params);
    const [row] = await db.select().from(importJobs).where(eq(importJobs.id, job));
    if (!row) throw notFound('导入任务不存在');
    const view: ImportJobView = {
      job: row.id,
      kind: row.kind as ImportKind,
      dry_run: row.dryRun,
      status: row.status as ImportJobView['status'],
      phase:
        row.status !== 'running'
          ? 'done'
          : (row.report as { phase?: string } | null)?.phase === 'write'
            ? 'write'
            : 'check',
      rows_done: row.rowsDone,
      rows_total: row.rowsTotal,
      report: row.status === 'done' ? (row.report as ImportReport) : null,
    };
    return ok(view);
  });

  app.get('/import_templates/:kind', { config: { access: 'goods.import' } }, async (req, reply) => {
    const { kind } = parse(importTemplateParamsSchema, req.params);
    const bytes = await templateWorkbook(kind);
    return reply
      .type(XLSX)
      .header('content-disposition', attachment(templateFileName(kind)))
      .send(bytes);
  });

  app.get('/goods/export', { config: { access: 'goods.import' } }, async (req, reply) => {
    const q = parse(goodsExportQuerySchema, req.query);
    const body = await exportGoods(db, q);
    const name = `商品_${stamp(ctx.now())}.${q.format}`;
    return reply
      .type(q.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX)
      .header('content-disposition', attachment(name))
      .send(body);
  });

  app.get('/lots/export', { config: { access: 'goods.import' } }, async (req, reply) => {
    const q = parse(lotsExportQuerySchema, req.query);
    const name = `批号库存_${stamp(ctx.now())}.${q.format}`;
    return reply
      .type(q.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX)
      .header('content-disposition', attachment(name))
      .send(exportLots(db, q));
  });
}
