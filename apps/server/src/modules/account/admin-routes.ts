import type { FastifyInstance } from 'fastify';
import {
  SESSION_TTL_MS,
  adminMemberListQuerySchema,
  idParamSchema,
  loginSchema,
  rejectSchema,
  setRankSchema,
  setScopeSchema,
  setStaffSchema,
} from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { SESSION_COOKIE, sessionCookieOptions } from '../../platform/cookies.js';
import { ok, parse } from '../../platform/http.js';
import { documentFile } from './documents.js';
import { listMembers, listStaff, memberDetail, setRank, setScope, setServiceStaff } from './member-admin.js';
import { approveMember, rejectMember, reviewDocument } from './review.js';
import { meta } from './route-helpers.js';
import { loginOperator, logout } from './service.js';

/**
 * The operator login and the review of members (docs/api/admin.md). Registered inside the
 * admin plugin under `/api/admin`: each route names the permission it needs.
 */
export function accountAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const id = (params: unknown) => parse(idParamSchema, params).id;
  const detail = (params: unknown) => memberDetail(db, id(params), ctx.now());
  const cookieOpts = sessionCookieOptions(ctx.config.secureCookies, SESSION_TTL_MS / 1000);

  app.post('/login', { config: { access: 'public' } }, async (req, reply) => {
    const body = parse(loginSchema, req.body);
    const old = await req.session();
    const s = await loginOperator(db, ctx.limits, body, meta(req), ctx.now());
    // Rotation: the session the browser came with (if any) ends at login.
    await logout(db, old, ctx.sessionCache);
    reply.setCookie(SESSION_COOKIE, s.token, cookieOpts);
    return ok({ token: s.token }, '登录成功');
  });

  const read = { config: { access: 'member.read' } } as const;
  const review = { config: { access: 'member.review' } } as const;
  const edit = { config: { access: 'member.edit' } } as const;

  app.get('/members', read, async (req) =>
    ok(await listMembers(db, parse(adminMemberListQuerySchema, req.query))),
  );
  app.get('/members/:id', read, async (req) => ok(await detail(req.params)));
  app.get('/service_staff', read, async () => ok(await listStaff(db)));
  app.get('/documents/:id/file', read, async (req, reply) => {
    const f = await documentFile(db, null, id(req.params));
    return reply.header('cache-control', 'private, no-store').type(f.mime).send(f.body);
  });

  app.post('/members/:id/approve', review, async (req) => {
    await approveMember(db, id(req.params), ctx.now());
    return ok(await detail(req.params), '已审核通过');
  });
  app.post('/members/:id/reject', review, async (req) => {
    await rejectMember(db, id(req.params), parse(rejectSchema, req.body).reason, ctx.now());
    return ok(await detail(req.params), '已驳回');
  });
  // The business scope is what the reviewer checks against the licences, so it goes with review.
  app.post('/members/:id/scope', review, async (req) => {
    await setScope(db, id(req.params), parse(setScopeSchema, req.body).scope, ctx.now());
    return ok(await detail(req.params), '经营范围已更新');
  });
  app.post('/documents/:id/approve', review, async (req) => {
    await reviewDocument(db, id(req.params), { approve: true }, ctx.now());
    return ok(null, '证件已审核通过');
  });
  app.post('/documents/:id/reject', review, async (req) => {
    const { reason } = parse(rejectSchema, req.body);
    await reviewDocument(db, id(req.params), { approve: false, reason }, ctx.now());
    return ok(null, '证件已驳回');
  });

  app.post('/members/:id/rank', edit, async (req) => {
    await setRank(db, id(req.params), parse(setRankSchema, req.body).rank, ctx.now());
    return ok(await detail(req.params), '等级已更新');
  });
  app.post('/members/:id/service_staff', edit, async (req) => {
    const { staff_id } = parse(setStaffSchema, req.body);
    await setServiceStaff(db, id(req.params), staff_id || null, ctx.now());
    return ok(await detail(req.params), '专属客服已更新');
  });
}
