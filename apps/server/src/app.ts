import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import qs from 'qs';
import { sql } from 'drizzle-orm';
import { CODES } from '@kc/domain';
import type { AppContext } from './platform/context.js';
import { installCookies } from './platform/cookies.js';
import { installAuth } from './platform/auth.js';
import { installSecurityHeaders } from './platform/headers.js';
import { fastifyTrustProxy } from './platform/trust-proxy.js';
import { installErrorHandling, installInputGuards, ok } from './platform/http.js';
import { installMultipart } from './platform/multipart.js';
import { accountRoutes } from './modules/account/routes.js';
import { registerModules } from './modules/index.js';
import { registerFlows } from './flows/index.js';
import { memberProfile } from './flows/member/profile.js';
import { findSession } from './modules/account/sessions.js';
import { registerAdmin } from './app/admin-plugin.js';

// qs settings shared by query strings and form bodies: `ids[]=1`, `params[0][goods_id]=5`.
const QS = { arrayLimit: 1000, parameterLimit: 5000, depth: 5 } as const;

const registered = new WeakMap<FastifyInstance, string[]>();

/** Every route the app registered, as `METHOD /path` (docs/api.md must list each). */
export function registeredRoutes(app: FastifyInstance): readonly string[] {
  return registered.get(app) ?? [];
}

/**
 * Never logged, should a serializer or a handler ever log them: the session and XSRF tokens,
 * and the password and code fields of a body (login, SMS, WeChat).
 */
const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'req.body.password',
  'req.body.old_password',
  'req.body.new_password',
  'req.body.code',
  'body.password',
  'body.old_password',
  'body.new_password',
  'body.code',
];

/**
 * Builds the application: platform plugins, then the capability modules, then the SPA
 * fallback. `logger` may be false in tests.
 */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: ctx.config.logLevel, redact: LOG_REDACT },
    genReqId: (req) => String(req.headers['x-request-id'] ?? crypto.randomUUID()),
    // Only configured proxies may name the client (TRUST_PROXY); the limits and the signed
    // e-contract IP read req.ip.
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    // Form and JSON bodies: the largest real one (a 1,000-line cart copy or a 300-line order) is
    // tens of KB. Files arrive as multipart, whose parts are limited while they stream.
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: (s: string) => qs.parse(s, QS) },
  });

  const routes: string[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push(`${m} ${r.url}`);
  });
  installErrorHandling(app);
  installInputGuards(app);
  await app.register(formbody, { parser: (s: string) => qs.parse(s, QS) });
  await installMultipart(app);
  await installSecurityHeaders(app, { production: ctx.config.env === 'production' });
  installCookies(app, { secure: ctx.config.secureCookies });
  installAuth(app, (token) => findSession(ctx.database.db, token, ctx.now(), ctx.sessionCache));
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/health', async () => {
    const started = performance.now();
    await ctx.database.db.execute(sql`select 1`);
    return ok({
      status: 'ok',
      database: {
        kind: ctx.database.kind,
        ok: true,
        latency_ms: Math.round((performance.now() - started) * 100) / 100,
      },
    });
  });

  accountRoutes(app, ctx, memberProfile);
  await registerModules(app, ctx);
  registerFlows(app, ctx);
  await registerAdmin(app, ctx);

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return reply.status(404).send({ code: CODES.notFound, msg: '接口不存在', data: null });
    }
    if (indexHtml && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });

  // The built storefront: hashed assets cached for a year; every other path gets index.html
  // so deep links work.
  const indexFile = path.join(ctx.config.webDist, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  serveAdminApp(app, ctx.config.webDist);
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      wildcard: false,
      index: false,
      preCompressed: false,
      cacheControl: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn({ webDist: ctx.config.webDist }, 'storefront not built: only the API is served');
  }
  return app;
}

/**
 * The back office (admin.html, from the second web build): `/admin` and every path under it but
 * `/admin/assets/…` answer admin.html, so its deep links work; its hashed chunks live with the
 * storefront's under /assets. A missing asset under /admin/assets stays a 404 (never HTML
 * where a script was asked for).
 */
function serveAdminApp(app: FastifyInstance, webDist: string): void {
  const file = path.join(webDist, 'admin.html');
  const html = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (!html) return;
  const send = (_req: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  app.get('/admin', send);
  app.get('/admin/*', (req, reply) => {
    if (req.url.startsWith('/admin/assets/'))
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return send(req, reply);
  });
}
