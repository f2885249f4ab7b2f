import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSession, type SessionInfo } from '../modules/account/sessions.js';
import type { AppContext } from './context.js';
import { sessionToken } from './cookies.js';
import { AppError, unauthenticated } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, looked up once per request and only when a route asks. */
    session(): Promise<SessionInfo | null>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionInfo | null>>();

export function installAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('session', function (this: FastifyRequest) {
    let found = cache.get(this);
    if (!found) {
      const token = sessionToken(this);
      found = token ? findSession(ctx.database.db, token, ctx.now()) : Promise.resolve(null);
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

/** The logged-in operator's id: 10001/401 without a session, 403 for a member. */
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
