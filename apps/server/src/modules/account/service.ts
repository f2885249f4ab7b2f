import { and, count, eq, gt, sql } from 'drizzle-orm';
import { LOGIN_LIMIT, MESSAGES, isMobileLogin, type LoginInput } from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { AppError, unauthenticated } from '../../platform/errors.js';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import { loginFailures, members, operators, serviceStaff, type MemberStatus } from './schema.js';
import { createSession, deleteSession, type SessionInfo } from './sessions.js';

export interface LoginMeta {
  ip: string;
  userAgent: string;
}

async function assertNotLocked(db: Queryable, username: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_LIMIT.windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username), eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
  if ((row?.n ?? 0) >= LOGIN_LIMIT.maxFailures) {
    throw new AppError('tooMany', '登录失败次数过多，请15分钟后再试');
  }
}

async function recordFailure(db: Queryable, username: string, ip: string, now: Date): Promise<never> {
  await db.insert(loginFailures).values({ username, ip, at: now });
  throw new AppError('business', MESSAGES.badCredentials);
}

/**
 * Member login with username (or mobile) and password. At most 10 failures per account and IP
 * in 15 minutes; a new session every time (no fixation).
 */
export async function loginMember(
  db: Db,
  input: LoginInput,
  meta: LoginMeta,
  now: Date,
): Promise<SessionInfo> {
  const key = input.username.trim().toLowerCase();
  await assertNotLocked(db, key, meta.ip, now);
  const byMobile = isMobileLogin(key);
  const candidates = await db
    .select({ id: members.id, hash: members.passwordHash })
    .from(members)
    .where(byMobile ? eq(members.phone, key) : sql`lower(${members.username}) = ${key}`)
    .orderBy(members.id)
    .limit(5);
  if (candidates.length === 0) {
    await verifyPassword(await decoyHash(), input.password);
    return recordFailure(db, key, meta.ip, now);
  }
  // A mobile can stand behind several stores (multi-store): log into the first that matches.
  for (const c of candidates) {
    if (await verifyPassword(c.hash, input.password)) {
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.username, key), eq(loginFailures.ip, meta.ip)));
      return createSession(db, { type: 'member', id: c.id }, meta, now);
    }
  }
  return recordFailure(db, key, meta.ip, now);
}

/** Operator (back-office) login, same limits. */
export async function loginOperator(
  db: Db,
  input: LoginInput,
  meta: LoginMeta,
  now: Date,
): Promise<SessionInfo> {
  const key = input.username.trim().toLowerCase();
  const limitKey = `operator:${key}`;
  await assertNotLocked(db, limitKey, meta.ip, now);
  const [op] = await db
    .select({ id: operators.id, hash: operators.passwordHash })
    .from(operators)
    .where(sql`lower(${operators.username}) = ${key}`)
    .limit(1);
  const okPassword = await verifyPassword(op?.hash ?? (await decoyHash()), input.password);
  if (!op || !okPassword) return recordFailure(db, limitKey, meta.ip, now);
  return createSession(db, { type: 'operator', id: op.id }, meta, now);
}

export async function logout(db: Queryable, session: SessionInfo | null): Promise<void> {
  if (session) await deleteSession(db, session.id);
}

export interface NewMember {
  username: string;
  password: string;
  name: string;
  phone: string;
  company: string;
  companyType?: string;
  status?: MemberStatus;
  region?: string;
  address?: string;
  serviceStaffId?: number | null;
  rank?: number;
  isCanChat?: boolean;
}

/** Creates a member account (registration and the seed both come through here). */
export async function createMember(db: Queryable, m: NewMember): Promise<number> {
  const [exists] = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.username}) = ${m.username.toLowerCase()}`)
    .limit(1);
  if (exists) throw new AppError('validation', '用户名已被注册', { username: '用户名已被注册' });
  const [row] = await db
    .insert(members)
    .values({
      username: m.username,
      passwordHash: await hashPassword(m.password),
      name: m.name,
      phone: m.phone,
      company: m.company,
      companyType: m.companyType ?? '药店',
      status: m.status ?? 'pending',
      region: m.region ?? '',
      address: m.address ?? '',
      serviceStaffId: m.serviceStaffId ?? null,
      rank: m.rank ?? 1,
      isCanChat: m.isCanChat ?? false,
    })
    .returning({ id: members.id });
  return row!.id;
}

export async function createServiceStaff(
  db: Queryable,
  s: { name: string; phone: string; qq?: string; isDefault?: boolean },
) {
  const [row] = await db
    .insert(serviceStaff)
    .values({ name: s.name, phone: s.phone, qq: s.qq ?? '', isDefault: s.isDefault ?? false })
    .returning({ id: serviceStaff.id });
  return row!.id;
}

/** The member row with their service staff: the account's part of the profile (flows/member). */
export async function memberWithStaff(db: Queryable, memberId: number) {
  const [m] = await db
    .select({ member: members, staff: serviceStaff })
    .from(members)
    .leftJoin(serviceStaff, eq(serviceStaff.id, members.serviceStaffId))
    .where(eq(members.id, memberId))
    .limit(1);
  if (!m) throw unauthenticated();
  return m;
}
