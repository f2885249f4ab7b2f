import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS, loginSchema, smsLoginSchema, wechatCodeSchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { SESSION_COOKIE, sessionCookieOptions } from '../../platform/cookies.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { loginMember, loginOperator, logout, memberProfile } from './service.js';
import { centerRoutes } from './center-routes.js';
import { listRoutes } from './list-routes.js';
import { loginBySms } from './password.js';
import { accountProviders } from './providers.js';
import { registrationRoutes } from './registration-routes.js';
import { issueSession } from './route-helpers.js';
import { loginByWechat } from './wechat/service.js';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const cookieOpts = sessionCookieOptions(ctx.config.secureCookies, SESSION_TTL_MS / 1000);
  const providers = accountProviders(app.log);
  registrationRoutes(app, ctx, providers);
  centerRoutes(app, ctx, providers);
  listRoutes(app, ctx);

  app.post('/api/login', async (req, reply) => {
    const body = parse(loginSchema, req.body);
    const old = await req.session();
    const s = await loginMember(db, body, meta(req), ctx.now());
    // Rotation: the session the browser came with (if any) ends at login.
    await logout(db, old);
    reply.setCookie(SESSION_COOKIE, s.token, cookieOpts);
    return ok({ token: s.token, user: await memberProfile(db, s.subjectId, s.token) }, '登录成功');
  });

  app.post('/api/login/sms', async (req, reply) => {
    const s = await loginBySms(db, parse(smsLoginSchema, req.body), meta(req), ctx.now());
    return ok(await issueSession(ctx, req, reply, s), '登录成功');
  });

  app.post('/api/login/wechat', async (req, reply) => {
    const { code } = parse(wechatCodeSchema, req.body);
    const s = await loginByWechat(db, providers.wechat, code, meta(req), ctx.now());
    return ok(await issueSession(ctx, req, reply, s), '登录成功');
  });

  app.post('/api/admin/login', async (req, reply) => {
    const body = parse(loginSchema, req.body);
    const old = await req.session();
    const s = await loginOperator(db, body, meta(req), ctx.now());
    await logout(db, old);
    reply.setCookie(SESSION_COOKIE, s.token, cookieOpts);
    return ok({ token: s.token }, '登录成功');
  });

  const logoutHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    await logout(db, await req.session());
    reply.setCookie(SESSION_COOKIE, '', { ...cookieOpts, maxAge: 0 });
    return ok(null, '已退出登录');
  };
  app.delete('/api/user/logout', logoutHandler);
  app.delete('/api/logout', logoutHandler);

  app.get('/api/user/base', async (req) => {
    const memberId = await requireMember(req);
    const s = await req.session();
    return ok(await memberProfile(db, memberId, s!.token));
  });
}
