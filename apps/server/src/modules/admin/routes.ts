import type { FastifyInstance } from 'fastify';
import {
  adminMemberListQuerySchema,
  idParamSchema,
  kxReleaseSchema,
  rejectSchema,
  setRankSchema,
  setScopeSchema,
  setStaffSchema,
} from '@kc/domain';
import { requireOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { documentFile } from '../account/documents.js';
import { addKxRelease } from '../compliance/service.js';
import {
  approveMember,
  listMembers,
  listStaff,
  memberDetail,
  rejectMember,
  reviewDocument,
  setRank,
  setScope,
  setServiceStaff,
} from './service.js';

/** Back-office calls (operator session from POST /api/admin/login). */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const id = (params: unknown) => parse(idParamSchema, params).id;

  app.get('/api/admin/members', async (req) => {
    await requireOperator(req);
    return ok(await listMembers(db, parse(adminMemberListQuerySchema, req.query)));
  });
  app.get('/api/admin/members/:id', async (req) => {
    await requireOperator(req);
    return ok(await memberDetail(db, id(req.params), ctx.now()));
  });
  app.post('/api/admin/members/:id/approve', async (req) => {
    await requireOperator(req);
    await approveMember(db, id(req.params), ctx.now());
    return ok(await memberDetail(db, id(req.params), ctx.now()), '已审核通过');
  });
  app.post('/api/admin/members/:id/reject', async (req) => {
    await requireOperator(req);
    await rejectMember(db, id(req.params), parse(rejectSchema, req.body).reason, ctx.now());
    return ok(await memberDetail(db, id(req.params), ctx.now()), '已驳回');
  });
  app.post('/api/admin/members/:id/scope', async (req) => {
    await requireOperator(req);
    await setScope(db, id(req.params), parse(setScopeSchema, req.body).scope, ctx.now());
    return ok(await memberDetail(db, id(req.params), ctx.now()), '经营范围已更新');
  });
  app.post('/api/admin/members/:id/rank', async (req) => {
    await requireOperator(req);
    await setRank(db, id(req.params), parse(setRankSchema, req.body).rank, ctx.now());
    return ok(await memberDetail(db, id(req.params), ctx.now()), '等级已更新');
  });
  app.post('/api/admin/members/:id/service_staff', async (req) => {
    await requireOperator(req);
    const { staff_id } = parse(setStaffSchema, req.body);
    await setServiceStaff(db, id(req.params), staff_id || null, ctx.now());
    return ok(await memberDetail(db, id(req.params), ctx.now()), '专属客服已更新');
  });
  app.get('/api/admin/service_staff', async (req) => {
    await requireOperator(req);
    return ok(await listStaff(db));
  });

  app.post('/api/admin/documents/:id/approve', async (req) => {
    await requireOperator(req);
    await reviewDocument(db, id(req.params), { approve: true }, ctx.now());
    return ok(null, '证件已审核通过');
  });
  app.post('/api/admin/documents/:id/reject', async (req) => {
    await requireOperator(req);
    const { reason } = parse(rejectSchema, req.body);
    await reviewDocument(db, id(req.params), { approve: false, reason }, ctx.now());
    return ok(null, '证件已驳回');
  });
  app.get('/api/admin/documents/:id/file', async (req, reply) => {
    await requireOperator(req);
    const f = await documentFile(db, null, id(req.params));
    return reply.header('cache-control', 'private, no-store').type(f.mime).send(f.bytes);
  });

  app.post('/api/admin/kx_releases', async (req) => {
    await requireOperator(req);
    const b = parse(kxReleaseSchema, req.body);
    const rid = await addKxRelease(db, { goodsId: b.goods_id, buyerGroup: b.buyer_group, region: b.region });
    return ok({ id: rid }, '控销授权已添加');
  });
}
