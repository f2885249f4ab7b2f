import { eq, sql } from 'drizzle-orm';
import { MESSAGES, isMobileLogin, type LoginInput } from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { AppError, forbidden, invalid, unauthenticated } from '../../platform/errors.js';
import { LIMITS, enforce, type Limits } from '../../platform/limits.js';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { SessionCache } from '../../platform/session-cache.js';
import { members, operators, serviceStaff, type MemberStatus } from './schema.js';
import { MEMBER_DISABLED, createSession, deleteSession, type SessionInfo } from './sessions.js';

export interface LoginMeta {
  ip: string;
  userAgent: string;
}

/**
 * Counts the attempt against the client's address and against every account it could open
 * BEFORE any password is checked, so that concurrent guesses cannot all pass a check made
 * before the count. Accounts are keyed by id, so the username and the mobile share one count.
 */
async function reserveAttempt(limits: Limits, ip: string, accounts: string[]): Promise<void> {
  await enforce(limits, `login:ip:${ip}`, LIMITS.loginAddress, '登录尝试过于频繁，请15分钟后再试');
  for (const key of accounts) {
    await enforce(limits, key, LIMITS.loginAccount, '登录失败次数过多，请15分钟后再试');
  }
}

/** A right password: the attempt does not count against the address, and the account starts afresh. */
async function attemptSucceeded(limits: Limits, ip: string, account: string): Promise<void> {
  await limits.undo(`login:ip:${ip}`);
  await limits.clear(account);
}

const badCredentials = () => new AppError('business', MESSAGES.badCredentials);

/**
 * Member login with username (or mobile) and password. At most 10 attempts per account and 50
 * per address in 15 minutes (platform/limits.ts); a new session every time (no fixation).
 */
export async function loginMember(
  db: Db,
  limits: Limits,
  input: LoginInput,
  meta: LoginMeta,
  now: Date,
): Promise<SessionInfo> {
  const key = input.username.trim().toLowerCase();
  const byMobile = isMobileLogin(key);
  const candidates = await db
    .select({ id: members.id, hash: members.passwordHash, disabled: members.disabled })
    .from(members)
    .where(byMobile ? eq(members.phone, key) : sql`lower(${members.username}) = ${key}`)
    .orderBy(members.id)
    .limit(5);
  const accountKey = (id: number) => `login:member:${id}`;
  await reserveAttempt(
    limits,
    meta.ip,
    candidates.length ? candidates.map((c) => accountKey(c.id)) : [`login:member-name:${key}`],
  );
  if (candidates.length === 0) {
    await verifyPassword(await decoyHash(), input.password);
    throw badCredentials();
  }
  // A mobile can stand behind several stores (multi-store): log into the first that matches.
  for (const c of candidates) {
    if (await verifyPassword(c.hash, input.password)) {
      if (c.disabled) throw new AppError('business', MEMBER_DISABLED);
      await attemptSucceeded(limits, meta.ip, accountKey(c.id));
      return createSession(db, { type: 'member', id: c.id }, meta, now);
    }
  }
  throw badCredentials();
}

/** What a disabled operator is told, once the password is right (no one else learns it). */
export const OPERATOR_DISABLED = '该账号已停用，请联系管理员';

/**
 * Operator (back-office) login, same limits. A disabled operator is refused after the password
 * checks out; a good login is stamped in `last_login_at`.
 */
export async function loginOperator(
  db: Db,
  limits: Limits,
  input: LoginInput,
  meta: LoginMeta,
  now: Date,
): Promise<SessionInfo> {
  const key = input.username.trim().toLowerCase();
  const [op] = await db
    .select({ id: operators.id, hash: operators.passwordHash, disabled: operators.disabled })
    .from(operators)
    .where(sql`lower(${operators.username}) = ${key}`)
    .limit(1);
  const accountKey = op ? `login:operator:${op.id}` : `login:operator-name:${key}`;
  await reserveAttempt(limits, meta.ip, [accountKey]);
  const okPassword = await verifyPassword(op?.hash ?? (await decoyHash()), input.password);
  if (!op || !okPassword) throw badCredentials();
  await attemptSucceeded(limits, meta.ip, accountKey);
  if (op.disabled) throw forbidden(OPERATOR_DISABLED);
  await db.update(operators).set({ lastLoginAt: now }).where(eq(operators.id, op.id));
  return createSession(db, { type: 'operator', id: op.id }, meta, now);
}

/**
 * Checks a signed-in operator's current password (before a change), counted like a login
 * attempt against the account and the address: a stolen session cannot guess it.
 */
export async function checkOperatorPassword(
  db: Queryable,
  limits: Limits,
  operatorId: number,
  password: string,
  ip: string,
): Promise<void> {
  const [op] = await db
    .select({ hash: operators.passwordHash })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .limit(1);
  const accountKey = `login:operator:${operatorId}`;
  await reserveAttempt(limits, ip, [accountKey]);
  if (!op || !(await verifyPassword(op.hash, password))) throw invalid('old_password', '原密码不正确');
  await attemptSucceeded(limits, ip, accountKey);
}

/** Ends the session on every instance (its cached copy too); nothing without one. */
export async function logout(db: Queryable, session: SessionInfo | null, cache: SessionCache): Promise<void> {
  if (session) await deleteSession(db, session.id, cache);
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
