import { and, count, eq, gt, sql } from 'drizzle-orm';
import { LOGIN_LIMIT, MESSAGES, isMobileLogin, type LoginInput, type UserProfile } from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { AppError, unauthenticated } from '../../platform/errors.js';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import { getSiteSettings } from '../content/settings.js';
import { loginFailures, members, operators, serviceStaff, type MemberStatus } from './schema.js';
import { createSession, deleteSession, type SessionInfo } from './sessions.js';
import { unreadCount } from './messages.js';
import { cartTotal } from '../cart/service.js';

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

export async function createOperator(db: Queryable, o: { username: string; password: string; name: string }) {
  const [row] = await db
    .insert(operators)
    .values({
      username: o.username,
      passwordHash: await hashPassword(o.password),
      name: o.name,
      role: 'admin',
    })
    .returning({ id: operators.id });
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

/** The member's profile: the User of SPEC §3. */
export async function memberProfile(db: Queryable, memberId: number, token: string): Promise<UserProfile> {
  const [m] = await db
    .select({ member: members, staff: serviceStaff })
    .from(members)
    .leftJoin(serviceStaff, eq(serviceStaff.id, members.serviceStaffId))
    .where(eq(members.id, memberId))
    .limit(1);
  if (!m) throw unauthenticated();
  const site = await getSiteSettings(db);
  const { member, staff } = m;
  return {
    show: true,
    id: member.id,
    username: member.username,
    name: member.name,
    phone: member.phone,
    company: member.company,
    face: member.face,
    rank: member.rank,
    admin: staff ? { name: staff.name, phone: staff.phone, is_default: staff.isDefault ? 1 : 0 } : null,
    address: member.address,
    is_passed: member.status === 'approved' ? 1 : 0,
    points: member.points,
    // The header badge: the number of cart lines (the storefront caps it at 99).
    cart: await cartTotal(db, memberId),
    message_count: await unreadCount(db, memberId),
    wechat: member.wechatOpenid ? '1' : '',
    common_config: { hot_line: site.hot_line, qq1: site.qq1, qq2: site.qq2 },
    quality_inspection: {
      quality_inspection_url: site.quality_inspection_url,
      msg: site.quality_inspection_url ? '' : site.quality_inspection_msg,
    },
    login_url: '/login',
    is_show_youx: member.isShowYoux ? 1 : 0,
    is_special: member.isSpecial ? 1 : 0,
    is_can_chat: member.isCanChat ? 1 : 0,
    token,
    is_AfterSale: '0',
  };
}
