import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS, type UserProfile } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import type { AppContext } from '../../platform/context.js';
import { SESSION_COOKIE, sessionCookieOptions } from '../../platform/cookies.js';
import { logout } from './service.js';
import type { SessionInfo } from './sessions.js';

export const meta = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
});

/**
 * Reads the member's profile (the User of SPEC §3) that logins reply with. It counts the cart's
 * lines and unread messages too, so it is composed above the modules (flows/member/profile.ts)
 * and handed to the account routes by the app.
 */
export type ProfileReader = (db: Queryable, memberId: number, token: string) => Promise<UserProfile>;

/**
 * Hands a new member session to the browser: the session it came with ends (rotation), the
 * cookie is set, and the reply carries the token and the profile as `/api/login` does.
 */
export async function issueSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  s: SessionInfo,
  profile: ProfileReader,
): Promise<{ token: string; user: UserProfile }> {
  const { db } = ctx.database;
  const old = await req.session();
  if (old && old.id !== s.id) await logout(db, old, ctx.sessionCache);
  reply.setCookie(
    SESSION_COOKIE,
    s.token,
    sessionCookieOptions(ctx.config.secureCookies, SESSION_TTL_MS / 1000),
  );
  return { token: s.token, user: await profile(db, s.subjectId, s.token) };
}
