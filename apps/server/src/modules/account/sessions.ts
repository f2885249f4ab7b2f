import crypto from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '@kc/domain';
import { prepared, rowsOf, type Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { SessionInfo } from '../../platform/auth.js';
import { noSessionCache, type SessionCache } from '../../platform/session-cache.js';
import { members, operators, sessions } from './schema.js';

export type { SessionInfo };

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Issues a new opaque session token; only its hash is stored. */
export async function createSession(
  db: Queryable,
  subject: { type: 'member' | 'operator'; id: number },
  meta: { ip: string; userAgent: string },
  now: Date,
): Promise<SessionInfo> {
  if (subject.type === 'member') {
    // Every way in (password, SMS, WeChat, switching store) ends here: a disabled account
    // gets no session, whichever door it tried.
    const [m] = await db
      .select({ disabled: members.disabled })
      .from(members)
      .where(eq(members.id, subject.id));
    if (m?.disabled) throw new AppError('business', MEMBER_DISABLED);
  }
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

/** What a disabled member is told at any login. */
export const MEMBER_DISABLED = '账号已停用，请联系客服';

/**
 * Finds the live session of a token. A member's or operator's session also dies when it was
 * issued before their `sessions_valid_after` (a password reset ends the other sessions), and
 * when the member or operator is disabled. With Redis a session found live is kept for up
 * to a minute (decision 046): whatever ends one drops it.
 */
export async function findSession(
  db: Queryable,
  token: string,
  now: Date,
  cache: SessionCache = noSessionCache,
): Promise<SessionInfo | null> {
  const id = hashToken(token);
  const kept = await cache.get(id, now);
  if (kept) return { id, subjectType: kept.subjectType, subjectId: kept.subjectId, token };
  // Every request runs this: a prepared statement (parsed and planned once per connection).
  const res = await db.execute(
    prepared(sql`
      select s.id, s.subject_type as "subjectType", s.subject_id as "subjectId",
        s.expires_at as "expiresAt"
      from ${sessions} s
      left join ${members} m on s.subject_type = 'member' and m.id = s.subject_id
      left join ${operators} o on s.subject_type = 'operator' and o.id = s.subject_id
      where s.id = ${id} and s.expires_at > ${now}
        and (m.sessions_valid_after is null or s.created_at >= m.sessions_valid_after)
        and (o.sessions_valid_after is null or s.created_at >= o.sessions_valid_after)
        and o.disabled is not true
        and m.disabled is not true
      limit 1`),
  );
  const [row] = rowsOf<Omit<SessionInfo, 'token'> & { expiresAt: Date | string }>(res);
  if (!row) return null;
  const { subjectType, subjectId } = row;
  await cache.put(id, { subjectType, subjectId, expiresAt: new Date(row.expiresAt).getTime() }, now);
  return { id, subjectType, subjectId, token };
}

/**
 * Which of these sessions are still live, by the same rules as findSession (not ended, not
 * expired, issued after the subject's `sessions_valid_after`, subject not disabled). Always
 * the database: it is what long-lived connections (the chat sockets) are re-checked against.
 */
export async function liveSessionIds(db: Queryable, ids: readonly string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const res = await db.execute(sql`
    select s.id from ${sessions} s
    left join ${members} m on s.subject_type = 'member' and m.id = s.subject_id
    left join ${operators} o on s.subject_type = 'operator' and o.id = s.subject_id
    where s.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and s.expires_at > ${now}
      and (m.sessions_valid_after is null or s.created_at >= m.sessions_valid_after)
      and (o.sessions_valid_after is null or s.created_at >= o.sessions_valid_after)
      and o.disabled is not true
      and m.disabled is not true`);
  return new Set(rowsOf<{ id: string }>(res).map((r) => r.id));
}

/** Ends a session (logout, rotation): no instance accepts it once this resolves. */
export async function deleteSession(db: Queryable, id: string, cache: SessionCache): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
  await cache.drop([id]);
}

/**
 * Drops the cached copies of these members' live sessions, after their `sessions_valid_after`
 * moved (committed first: a lookup after this reads the new value). Also without a cache: the
 * drop tells the bus, and the chat sockets of those sessions close.
 */
export async function forgetMemberSessions(
  db: Queryable,
  memberIds: number[],
  now: Date,
  cache: SessionCache,
): Promise<void> {
  if (memberIds.length === 0) return;
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.subjectType, 'member'),
        inArray(sessions.subjectId, memberIds),
        gt(sessions.expiresAt, now),
      ),
    );
  await cache.drop(rows.map((r) => r.id));
}

/**
 * Ends an operator's sessions but `keep` (a password change keeps the browser that made it):
 * the rows go and every instance drops its cached copy before this resolves. For every
 * session at once (disable, reset by a 管理员), set `sessions_valid_after` and call this too,
 * since a cached copy does not see that column.
 */
export async function endOperatorSessions(
  db: Queryable,
  operatorId: number,
  cache: SessionCache,
  keep?: string,
): Promise<void> {
  const gone = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.subjectType, 'operator'),
        eq(sessions.subjectId, operatorId),
        keep ? sql`${sessions.id} <> ${keep}` : undefined,
      ),
    )
    .returning({ id: sessions.id });
  await cache.drop(gone.map((r) => r.id));
}

/**
 * Removes expired sessions; run from the maintenance timer of every instance. Batches of
 * `batch` rows claimed with `skip locked`, so instances purging at once pass over each other's
 * rows instead of waiting on them; it stops at the first short batch.
 */
export async function purgeExpiredSessions(
  db: Queryable,
  now: Date,
  batch = 1000,
): Promise<{ purged: number }> {
  let purged = 0;
  for (;;) {
    const due = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(lt(sessions.expiresAt, now))
      .limit(batch)
      .for('update', { skipLocked: true });
    const gone = await db
      .delete(sessions)
      .where(sql`${sessions.id} in ${due}`)
      .returning({ id: sessions.id });
    purged += gone.length;
    if (gone.length < batch) return { purged };
  }
}
