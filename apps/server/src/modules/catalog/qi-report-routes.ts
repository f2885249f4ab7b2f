import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  adminQiReportListSchema,
  idParamSchema,
  qiReportSearchSchema,
  qiReportUploadSchema,
} from '@kc/domain';
import { audit } from '../../platform/audit.js';
import { requireMember, requireOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import { receiveUpload } from '../account/uploads.js';
import {
  QI_UPLOAD,
  adminQiReports,
  deleteQiReport,
  goodsQiReports,
  qiReportFile,
  saveQiReport,
  searchQiReports,
} from './qi-reports.js';

const send = (reply: FastifyReply, f: Awaited<ReturnType<typeof qiReportFile>>) =>
  reply
    .type(f.mime)
    .header('cache-control', 'private, max-age=300')
    .header('content-disposition', 'inline')
    .send(f.body);

/** The buyers' quality-inspection reports (signed-in members): search, a goods' reports, a file. */
export function qiReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  app.get('/api/qi_reports', async (req) => {
    await requireMember(req);
    return ok(await searchQiReports(db, parse(qiReportSearchSchema, req.query)));
  });
  app.get('/api/goods/:id/qi_reports', async (req) => {
    await requireMember(req);
    return ok(await goodsQiReports(db, parse(idParamSchema, req.params).id));
  });
  app.get('/api/qi_reports/:id/file', async (req, reply) => {
    await requireMember(req);
    return send(reply, await qiReportFile(db, parse(idParamSchema, req.params).id, false));
  });
}

/** The warehouse's reports under `/api/admin`: list and file (goods.read), upload and delete (qi.edit). */
export function qiReportAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const read = { config: { access: 'goods.read' } } as const;
  const edit = { config: { access: 'qi.edit' } } as const;
  app.get('/qi_reports', read, async (req) =>
    ok(await adminQiReports(db, parse(adminQiReportListSchema, req.query))),
  );
  app.get('/qi_reports/:id/file', read, async (req, reply) =>
    send(reply, await qiReportFile(db, parse(idParamSchema, req.params).id, true)),
  );
  app.post('/goods/:id/qi_reports', { config: { access: 'qi.edit', upload: true } }, async (req) => {
    const goodsId = parse(idParamSchema, req.params).id;
    const { fields, files } = await receiveUpload(req, QI_UPLOAD);
    const { batch_no } = parse(qiReportUploadSchema, fields);
    const file = files[0];
    if (!file) throw invalid(QI_UPLOAD.field, QI_UPLOAD.message('missing'));
    const report = await saveQiReport(db, goodsId, batch_no, file, await requireOperator(req), ctx.now());
    audit(req, {
      action: 'qi_report.upload',
      entity: 'goods',
      entityId: goodsId,
      summary: `上传质检报告：${report.goods.name} 批号 ${batch_no}`,
      after: { id: report.id, batch_no, mime: report.mime, bytes: file.bytes.length, sha256: file.sha256 },
    });
    return ok(report, '质检报告已上传');
  });
  app.delete('/qi_reports/:id', edit, async (req) => {
    const report = await deleteQiReport(db, parse(idParamSchema, req.params).id);
    audit(req, {
      action: 'qi_report.delete',
      entity: 'goods',
      entityId: report.goods.id,
      summary: `删除质检报告：${report.goods.name} 批号 ${report.batch_no}`,
      before: report,
    });
    return ok(null, '质检报告已删除');
  });
}
