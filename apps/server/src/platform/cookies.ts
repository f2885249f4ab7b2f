import crypto from 'node:crypto';
import { parse, serialize, type SerializeOptions } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@kc/domain';
import { AppError } from './errors.js';

export const SESSION_COOKIE = 'kc_session';
/**
 * A readable companion of the member's session cookie, holding only `1`: the storefront asks
 * for the profile (`/api/user/base`) only when it is there, so a visitor's pages make no call
 * that must fail with 401. Set and cleared with the session cookie, and cleared by any 401.
 * It grants nothing: every call still reads the httpOnly session.
 */
export const SIGNED_IN_COOKIE = 'kc_signed_in';
/**
 * The operator's session, apart from the member's so that signing into the back office never
 * ends the shop session of the same browser. Sent by the browser to `/api/admin` calls only.
 */
export const ADMIN_COOKIE = 'kc_admin';
export const ADMIN_API = '/api/admin';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    cookies: Record<string, string | undefined>;
  }
  interface FastifyReply {
    setCookie(name: string, value: string, opts: SerializeOptions): FastifyReply;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Server-to-server calls: the payment gateway's notifications carry their own signature. */
const NO_XSRF = '/api/pay/notify/';

/** A request that authenticates by Bearer token alone carries no ambient credential. */
const bearerOnly = (req: FastifyRequest) =>
  !req.cookies[SESSION_COOKIE] &&
  !req.cookies[ADMIN_COOKIE] &&
  (req.headers.authorization?.startsWith('Bearer ') ?? false);

/** A call of the back office: `/api/admin`, `/api/admin/…` or `/api/admin?…`. */
export function isAdminUrl(url: string): boolean {
  return url.startsWith(ADMIN_API) && ['/', '?', undefined].includes(url[ADMIN_API.length]);
}

/**
 * Cookie parsing plus CSRF protection by double submit: every /api reply sets a readable
 * XSRF-TOKEN cookie when the browser has none; every write under /api must send it back in
 * X-XSRF-TOKEN, logins and registration included (no login CSRF: a forged form cannot log a
 * victim into the attacker's account). Exempt: Bearer-only requests and the gateway's
 * notifications.
 */
export function installCookies(app: FastifyInstance, opts: { secure: boolean }): void {
  app.decorateRequest('cookies', null as unknown as Record<string, string | undefined>);
  app.decorateReply(
    'setCookie',
    function (this: FastifyReply, name: string, value: string, o: SerializeOptions) {
      const prev = this.getHeader('set-cookie');
      const list = Array.isArray(prev) ? prev : prev ? [String(prev)] : [];
      const cookies = [serialize(name, value, o)];
      if (name === SESSION_COOKIE)
        cookies.push(serialize(SIGNED_IN_COOKIE, value ? '1' : '', signedInOptions(o)));
      this.header('set-cookie', [...list, ...cookies]);
      return this;
    },
  );

  app.addHook('onRequest', async (req, reply) => {
    req.cookies = req.headers.cookie ? parse(req.headers.cookie) : {};
    if (!req.url.startsWith('/api/')) return;
    if (!req.cookies[XSRF_COOKIE]) {
      const token = crypto.randomBytes(18).toString('base64url');
      reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: opts.secure });
    }
    if (WRITE_METHODS.has(req.method) && !req.url.startsWith(NO_XSRF) && !bearerOnly(req)) {
      const sent = req.headers[XSRF_HEADER];
      const expected = req.cookies[XSRF_COOKIE];
      if (!expected || typeof sent !== 'string' || !safeEqual(sent, expected)) {
        throw new AppError('forbidden', MESSAGES.csrf);
      }
    }
  });
}

/**
 * The marker follows the member session: a 401 drops it (the session ended or expired), and
 * a browser that has a live member session but no marker (signed in before the marker
 * existed) gets it on its next call.
 */
export function installSignedInMarker(
  app: FastifyInstance,
  opts: { secure: boolean; maxAgeSeconds: number },
) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/') || isAdminUrl(req.url)) return payload;
    const marked = req.cookies[SIGNED_IN_COOKIE] === '1';
    const setting = [reply.getHeader('set-cookie') ?? []]
      .flat()
      .some((c) => String(c).startsWith(`${SESSION_COOKIE}=`));
    if (setting) return payload;
    if (reply.statusCode === 401) {
      if (marked)
        reply.setCookie(SIGNED_IN_COOKIE, '', { ...signedInOptions({ secure: opts.secure }), maxAge: 0 });
    } else if (!marked && req.cookies[SESSION_COOKIE]) {
      const s = await req.session();
      if (s?.subjectType === 'member')
        reply.setCookie(
          SIGNED_IN_COOKIE,
          '1',
          signedInOptions({ secure: opts.secure, maxAge: opts.maxAgeSeconds }),
        );
    }
    return payload;
  });
}

/** Like the session cookie's options, but readable by the page. */
function signedInOptions(o: SerializeOptions): SerializeOptions {
  return {
    path: '/',
    sameSite: 'lax',
    secure: o.secure,
    ...(o.maxAge !== undefined ? { maxAge: o.maxAge } : {}),
  };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function sessionCookieOptions(secure: boolean, maxAgeSeconds: number): SerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeSeconds };
}

/** The operator cookie: like the member's, but only `/api/admin` calls carry it. */
export function adminCookieOptions(secure: boolean, maxAgeSeconds: number): SerializeOptions {
  return { ...sessionCookieOptions(secure, maxAgeSeconds), path: ADMIN_API };
}

/**
 * Reads the session token: an `Authorization: Bearer` header first; else on `/api/admin` calls
 * the operator cookie (or, without one, the member cookie, so a member is told 403 rather than
 * asked to log in), and elsewhere the member cookie only.
 */
export function sessionToken(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  if (isAdminUrl(req.url)) return req.cookies[ADMIN_COOKIE] || req.cookies[SESSION_COOKIE];
  return req.cookies[SESSION_COOKIE];
}
