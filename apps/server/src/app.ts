import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import qs from 'qs';
import { sql } from 'drizzle-orm';
import { CODES, SESSION_TTL_MS } from '@kc/domain';
import type { AppContext } from './platform/context.js';
import { installCookies, installSignedInMarker } from './platform/cookies.js';
import { installAuth } from './platform/auth.js';
import { installSecurityHeaders } from './platform/headers.js';
import { fastifyTrustProxy } from './platform/trust-proxy.js';
import { installErrorHandling, installInputGuards, ok } from './platform/http.js';
import { installMultipart } from './platform/multipart.js';
import websocket from '@fastify/websocket';
import { installCompression, precompressedPage } from './platform/compression.js';
import { accountRoutes } from './modules/account/routes.js';
import { registerModules } from './modules/index.js';
import { registerFlows } from './flows/index.js';
import { memberProfile } from './flows/member/profile.js';
import { findSession } from './modules/account/sessions.js';
import { registerAdmin } from './app/admin-plugin.js';
import { loadStorefrontIndex } from './platform/first-view.js';

// qs settings shared by query strings and form bodies: `ids[]=1`, `params[0][goods_id]=5`.
const QS = { arrayLimit: 1000, parameterLimit: 5000, depth: 5 } as const;

/** The built files the build compressed (apps/web/scripts/precompress.mjs, same list). */
const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json|txt|xml|map)(\.br|\.gz)?$/;

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
  await installCompression(app);
  await app.register(formbody, { parser: (s: string) => qs.parse(s, QS) });
  await installMultipart(app);
  // The chat's live channel (modules/chat): small frames only, the client just listens.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await installSecurityHeaders(app, { production: ctx.config.env === 'production' });
  installCookies(app, { secure: ctx.config.secureCookies });
  installSignedInMarker(app, { secure: ctx.config.secureCookies, maxAgeSeconds: SESSION_TTL_MS / 1000 });
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
    if (indexPage && (req.method === 'GET' || req.method === 'HEAD')) return indexPage.send(req, reply);
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });

  // The built storefront: hashed assets cached for a year; every other path gets index.html
  // so deep links work. The build wrote a brotli and a gzip copy next to each text file
  // (apps/web/scripts/precompress.mjs); the one the browser accepts is sent (decision 057).
  // index.html names the landing page's chunk for the few pages a visit most often starts on
  // (platform/first-view.ts, decision 078).
  const indexPage = loadStorefrontIndex(ctx.config.webDist, (msg) => app.log.warn(msg));
  serveAdminApp(app, ctx.config.webDist);
  if (indexPage) {
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        // A cache in between must key the copy by the encoding it was sent in.
        if (PRECOMPRESSED.test(file)) res.setHeader('vary', 'accept-encoding');
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
  const page = fs.existsSync(file) ? precompressedPage(fs.readFileSync(file, 'utf8')) : null;
  if (!page) return;
  const send = (req: FastifyRequest, reply: FastifyReply) => page.send(req, reply);
  app.get('/admin', send);
  app.get('/admin/*', (req, reply) => {
    if (req.url.startsWith('/admin/assets/'))
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return send(req, reply);
  });
}
