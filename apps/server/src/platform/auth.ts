import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '@kc/domain';
import { sessionToken } from './cookies.js';
import { AppError, unauthenticated } from './errors.js';

/** A live session as the account module stores it (only a hash of the token is kept). */
export interface SessionInfo {
  id: string;
  subjectType: 'member' | 'operator';
  subjectId: number;
  token: string;
}

/** Finds the live session of a token; the composition root passes the account module's lookup. */
export type SessionLookup = (token: string) => Promise<SessionInfo | null>;

/**
 * What an `/api/admin` route asks of the operator: a permission of packages/domain access.ts,
 * 'operator' for any signed-in, enabled operator (their own session and password), or
 * 'public' for the operator login only. The admin plugin refuses a route that says nothing.
 */
export type AdminAccess = Permission | 'operator' | 'public';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, looked up once per request and only when a route asks. */
    session(): Promise<SessionInfo | null>;
  }
  interface FastifyContextConfig {
    /** Read by the admin plugin's hook (app/admin-plugin.ts). */
    access?: AdminAccess;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionInfo | null>>();

/**
 * `req.session()`. The lookup is injected (platform imports no module): the account module
 * owns the sessions table, app.ts wires the two together.
 */
export function installAuth(app: FastifyInstance, lookup: SessionLookup): void {
  app.decorateRequest('session', function (this: FastifyRequest) {
    let found = cache.get(this);
    if (!found) {
      const token = sessionToken(this);
      found = token ? lookup(token) : Promise.resolve(null);
      cache.set(this, found);
    }
    return found;
  });
}

/** The logged-in member's id, or 10001/401. Every member call starts here. */
export async function requireMember(req: FastifyRequest): Promise<number> {
  const s = await req.session();
  if (!s || s.subjectType !== 'member') throw unauthenticated();
  return s.subjectId;
}

/**
 * The logged-in operator's id: 10001/401 without a session, 403 for a member. Only the admin
 * plugin's hook calls it; the operator's role is checked there, against the route's access.
 */
export async function requireOperator(req: FastifyRequest): Promise<number> {
  const s = await req.session();
  if (!s) throw unauthenticated();
  if (s.subjectType !== 'operator') throw new AppError('forbidden', '需要运营人员权限');
  return s.subjectId;
}

/** The member id when logged in as a member, else null (public calls that vary by audience). */
export async function optionalMember(req: FastifyRequest): Promise<number | null> {
  const s = await req.session();
  return s && s.subjectType === 'member' ? s.subjectId : null;
}
