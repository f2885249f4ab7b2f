import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { RESET_TICKET_MS, type ForgetVerifyReply, type SmsLoginInput } from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import type { SessionCache } from '../../platform/session-cache.js';
import { members, passwordResets } from './schema.js';
import { createSession, forgetMemberSessions, type SessionInfo } from './sessions.js';
import { verifyCode } from './sms/service.js';

const hash = (t: string) => crypto.createHash('sha256').update(t).digest('hex');

async function storesOf(db: Queryable, mobile: string) {
  return db
    .select({ id: members.id, username: members.username, company: members.company })
    .from(members)
    .where(eq(members.phone, mobile))
    .orderBy(members.id)
    .limit(50);
}

/** Login with mobile and an SMS code (scene 'login'); `store_id` picks one of the mobile's stores. */
export async function loginBySms(
  db: Queryable,
  input: SmsLoginInput,
  meta: { ip: string; userAgent: string },
  now: Date,
): Promise<SessionInfo> {
  const stores = await storesOf(db, input.mobile);
  if (stores.length === 0) throw notFound('该手机号未注册');
  const store = input.store_id ? stores.find((s) => s.id === input.store_id) : stores[0];
  if (!store) throw notFound('门店不存在');
  await verifyCode(db, input.mobile, 'login', input.code, now);
  return createSession(db, { type: 'member', id: store.id }, meta, now);
}

/** Forgot password step 1: the code proves the mobile; a single-use ticket follows (15 min). */
export async function verifyForReset(
  db: Queryable,
  mobile: string,
  code: string,
  now: Date,
): Promise<ForgetVerifyReply> {
  const stores = await storesOf(db, mobile);
  if (stores.length === 0) throw notFound('该手机号未注册');
  await verifyCode(db, mobile, 'reset', code, now);
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    id: hash(token),
    mobile,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TICKET_MS),
  });
  return { reset_token: token, expires_in: RESET_TICKET_MS / 1000, stores };
}

/**
 * Forgot password step 2: sets the password of every store behind the verified mobile and
 * ends all their sessions (sessions_valid_after), in one transaction; then drops their cached
 * copies, so every instance refuses them before this replies.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  now: Date,
  cache: SessionCache,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const memberIds = await db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.id, hash(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ mobile: passwordResets.mobile });
    if (!ticket) throw business('重置链接已失效，请重新验证手机号');
    const changed = await tx
      .update(members)
      .set({ passwordHash, sessionsValidAfter: now, updatedAt: now })
      .where(eq(members.phone, ticket.mobile))
      .returning({ id: members.id });
    return changed.map((m) => m.id);
  });
  await forgetMemberSessions(db, memberIds, now, cache);
}
