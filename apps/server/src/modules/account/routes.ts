import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS, loginSchema, smsLoginSchema, wechatCodeSchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { SESSION_COOKIE, sessionCookieOptions } from '../../platform/cookies.js';
import { ok, parse } from '../../platform/http.js';
import { loginMember, logout } from './service.js';
import { centerRoutes } from './center-routes.js';
import { listRoutes } from './list-routes.js';
import { paySecurityRoutes } from './pay-security-routes.js';
import { loginBySms } from './password.js';
import { registrationRoutes } from './registration-routes.js';
import { issueSession, type ProfileReader } from './route-helpers.js';
import { loginByWechat } from './wechat/service.js';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/**
 * Logins, logout, registration and the account centre. `profile` reads the member's profile
 * the logins reply with (flows/member/profile.ts: it needs the cart and the messages too).
 */
export function accountRoutes(app: FastifyInstance, ctx: AppContext, profile: ProfileReader): void {
  const { db } = ctx.database;
  const cookieOpts = sessionCookieOptions(ctx.config.secureCookies, SESSION_TTL_MS / 1000);
  const { providers } = ctx;
  registrationRoutes(app, ctx, providers, profile);
  centerRoutes(app, ctx, providers, profile);
  listRoutes(app, ctx);
  paySecurityRoutes(app, ctx);

  app.post('/api/login', async (req, reply) => {
    const body = parse(loginSchema, req.body);
    const old = await req.session();
    const s = await loginMember(db, ctx.limits, body, meta(req), ctx.now());
    // Rotation: the session the browser came with (if any) ends at login.
    await logout(db, old, ctx.sessionCache);
    reply.setCookie(SESSION_COOKIE, s.token, cookieOpts);
    return ok({ token: s.token, user: await profile(db, s.subjectId, s.token) }, '登录成功');
  });

  app.post('/api/login/sms', async (req, reply) => {
    const s = await loginBySms(db, parse(smsLoginSchema, req.body), meta(req), ctx.now());
    return ok(await issueSession(ctx, req, reply, s, profile), '登录成功');
  });

  app.post('/api/login/wechat', async (req, reply) => {
    const { code } = parse(wechatCodeSchema, req.body);
    const s = await loginByWechat(db, providers.wechat, code, meta(req), ctx.now());
    return ok(await issueSession(ctx, req, reply, s, profile), '登录成功');
  });

  const logoutHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    await logout(db, await req.session(), ctx.sessionCache);
    reply.setCookie(SESSION_COOKIE, '', { ...cookieOpts, maxAge: 0 });
    return ok(null, '已退出登录');
  };
  app.delete('/api/user/logout', logoutHandler);
  app.delete('/api/logout', logoutHandler);
}
