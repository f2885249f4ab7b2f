import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS, adminPasswordSchema, loginSchema } from '@kc/domain';
import { audit } from '../../platform/audit.js';
import { requireOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ADMIN_COOKIE, adminCookieOptions } from '../../platform/cookies.js';
import { unauthenticated } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import { operatorMe, setOperatorPassword } from './operators.js';
import { meta } from './route-helpers.js';
import { checkOperatorPassword, loginOperator, logout } from './service.js';
import { endOperatorSessions } from './sessions.js';

/**
 * The operator's own session (docs/api/admin-session.md): login, who am I, logout, change
 * password. The session lives in its own cookie (`kc_admin`, path /api/admin), so a member
 * session of the same browser survives an operator login and logout.
 *
 * The login and the logout are open to all (a logout without a session just clears the
 * cookie); who-am-I and the password change are for any signed-in operator whatever the role
 * (access 'operator').
 */
export function adminSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const cookieOpts = adminCookieOptions(ctx.config.secureCookies, SESSION_TTL_MS / 1000);
  const open = { config: { access: 'public' } } as const;
  const anyOperator = { config: { access: 'operator' } } as const;

  /** The signed-in, enabled operator and the session; 401 without, 403 for a member. */
  const signedIn = async (req: FastifyRequest) => {
    const id = await requireOperator(req);
    const me = await operatorMe(db, id);
    if (!me) throw unauthenticated();
    return { me, session: (await req.session())! };
  };

  app.post('/login', open, async (req, reply) => {
    const body = parse(loginSchema, req.body);
    const old = await req.session();
    const s = await loginOperator(db, ctx.limits, body, meta(req), ctx.now());
    // Rotation: the operator session the browser came with ends; a member session stays.
    if (old?.subjectType === 'operator') await logout(db, old, ctx.sessionCache);
    reply.setCookie(ADMIN_COOKIE, s.token, cookieOpts);
    return ok({ token: s.token }, '登录成功');
  });

  app.get('/me', anyOperator, async (req) => ok((await signedIn(req)).me));

  app.post('/logout', open, async (req, reply) => {
    const s = await req.session();
    if (s?.subjectType === 'operator') await logout(db, s, ctx.sessionCache);
    reply.setCookie(ADMIN_COOKIE, '', { ...cookieOpts, maxAge: 0 });
    return ok(null, '已退出登录');
  });

  app.post('/password', anyOperator, async (req) => {
    const { me, session } = await signedIn(req);
    const body = parse(adminPasswordSchema, req.body);
    await checkOperatorPassword(db, ctx.limits, me.id, body.old_password, req.ip);
    await setOperatorPassword(db, me.id, body.new_password);
    // Every other browser signed in as this operator is out; this one stays.
    await endOperatorSessions(db, me.id, ctx.sessionCache, session.id);
    audit(req, {
      action: 'operator.password',
      entity: 'operator',
      entityId: me.id,
      summary: `${me.name || me.username} 修改了自己的登录密码`,
    });
    return ok(null, '密码已修改，其他设备上的登录已退出');
  });
}
