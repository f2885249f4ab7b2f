import crypto from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '@kc/domain';
import { prepared, rowsOf, type Queryable } from '../../platform/db.js';
import type { SessionInfo } from '../../platform/auth.js';
import { members, sessions } from './schema.js';

export type { SessionInfo };

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Issues a new opaque session token; only its hash is stored. */
export async function createSession(
  db: Queryable,
  subject: { type: 'member' | 'operator'; id: number },
  meta: { ip: string; userAgent: string },
  now: Date,
): Promise<SessionInfo> {
  const token = crypto.randomBytes(32).toString('base64url');
  const id = hashToken(token);
  await db.insert(sessions).values({
    id,
    subjectType: subject.type,
    subjectId: subject.id,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return { id, subjectType: subject.type, subjectId: subject.id, token };
}

/**
 * Finds the live session of a token. A member's session also dies when it was issued before
 * the member's `sessions_valid_after` (a password reset ends the other sessions).
 */
export async function findSession(db: Queryable, token: string, now: Date): Promise<SessionInfo | null> {
  const id = hashToken(token);
  // Every request runs this: a prepared statement (parsed and planned once per connection).
  const res = await db.execute(
    prepared(sql`
      select s.id, s.subject_type as "subjectType", s.subject_id as "subjectId"
      from ${sessions} s
      left join ${members} m on s.subject_type = 'member' and m.id = s.subject_id
      where s.id = ${id} and s.expires_at > ${now}
        and (m.sessions_valid_after is null or s.created_at >= m.sessions_valid_after)
      limit 1`),
  );
  const [row] = rowsOf<Omit<SessionInfo, 'token'>>(res);
  return row ? { ...row, token } : null;
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Removes expired sessions; run from the maintenance timer. */
export async function purgeExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
