import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS, type UserProfile } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { SESSION_COOKIE, sessionCookieOptions } from '../../platform/cookies.js';
import { logout, memberProfile } from './service.js';
import type { SessionInfo } from './sessions.js';

export const meta = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
});

/**
 * Hands a new member session to the browser: the session it came with ends (rotation), the
 * cookie is set, and the reply carries the token and the profile as `/api/login` does.
 */
export async function issueSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  s: SessionInfo,
): Promise<{ token: string; user: UserProfile }> {
  const { db } = ctx.database;
  const old = await req.session();
  if (old && old.id !== s.id) await logout(db, old);
  reply.setCookie(
    SESSION_COOKIE,
    s.token,
    sessionCookieOptions(ctx.config.secureCookies, SESSION_TTL_MS / 1000),
  );
  return { token: s.token, user: await memberProfile(db, s.subjectId, s.token) };
}
