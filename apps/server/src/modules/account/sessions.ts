import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { SESSION_TTL_MS } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { members, sessions } from './schema.js';

export interface SessionInfo {
  id: string;
  subjectType: 'member' | 'operator';
  subjectId: number;
  token: string;
}

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
  const [row] = await db
    .select({
      id: sessions.id,
      subjectType: sessions.subjectType,
      subjectId: sessions.subjectId,
      createdAt: sessions.createdAt,
      validAfter: members.sessionsValidAfter,
    })
    .from(sessions)
    .leftJoin(members, and(eq(sessions.subjectType, 'member'), eq(members.id, sessions.subjectId)))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (row.validAfter && row.createdAt < row.validAfter) return null;
  return { id: row.id, subjectType: row.subjectType, subjectId: row.subjectId, token };
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Removes expired sessions; run from the maintenance timer. */
export async function purgeExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
