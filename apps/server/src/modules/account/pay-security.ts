/**
 * 余额支付的安全设置 and the buyer's purchase preferences (issue 17, items 5 and 6), one
 * `member_settings` row per member:
 * - the payment password (6 digits, argon2id like login passwords), set and reset with an SMS
 *   code (scene 'pay_password') sent to the member's own mobile; a reset also lifts a lock;
 * - wrong tries: each check first takes a try atomically (so parallel guesses cannot pass the
 *   limit), a right password gives it back; the fifth wrong try locks balance payment for 30
 *   minutes (PAY_PASSWORD_RULES);
 * - the amount above which a balance payment also asks for an SMS code (scene 'pay');
 * - the shelf-life floor (months) the member's orders are allocated under.
 */
import { eq, sql } from 'drizzle-orm';
import {
  PAY_PASSWORD_RULES,
  chinaDateTime,
  fenToYuan,
  type PaySecurityView,
  type SetPayPasswordInput,
} from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { business } from '../../platform/errors.js';
import type { Limits } from '../../platform/limits.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { SmsProvider } from '../../providers/index.js';
import { memberSettings, members } from './schema.js';
import { sendCode, verifyCode } from './sms/service.js';

const mask = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

async function phoneOf(db: Queryable, memberId: number): Promise<string> {
  const [m] = await db.select({ phone: members.phone }).from(members).where(eq(members.id, memberId));
  if (!m?.phone) throw business('账号未绑定手机号，请先在基础信息中填写手机号');
  return m.phone;
}

async function settingsOf(db: Queryable, memberId: number) {
  const [s] = await db.select().from(memberSettings).where(eq(memberSettings.memberId, memberId));
  return s ?? null;
}

/** The member's shelf-life floor in months (0 = none). */
export async function shelfMonthsOf(db: Queryable, memberId: number): Promise<number> {
  return (await settingsOf(db, memberId))?.shelfMonths ?? 0;
}

const locked = (until: Date | null | undefined, now: Date) => !!until && until > now;

/** `GET /api/user/pay_password`. */
export async function paySecurity(db: Queryable, memberId: number, now: Date): Promise<PaySecurityView> {
  const [s, phone] = await Promise.all([
    settingsOf(db, memberId),
    db
      .select({ phone: members.phone })
      .from(members)
      .where(eq(members.id, memberId))
      .then((r) => r[0]?.phone ?? ''),
  ]);
  const isLocked = locked(s?.payLockedUntil, now);
  const failures = s?.payLockedUntil && !isLocked ? 0 : (s?.payFailures ?? 0);
  return {
    is_set: s?.payPasswordHash ? 1 : 0,
    locked: isLocked ? 1 : 0,
    locked_until: isLocked ? s!.payLockedUntil!.toISOString() : '',
    tries_left: Math.max(0, PAY_PASSWORD_RULES.maxFailures - failures),
    sms_above: s?.paySmsAbove == null ? null : fenToYuan(s.paySmsAbove),
    phone: mask(phone),
    shelf_months: s?.shelfMonths ?? 0,
  };
}

/** `POST /api/user/pay_password/code`: a code to the member's own mobile (limits as every code). */
export async function sendPayCode(
  db: Queryable,
  sms: SmsProvider,
  limits: Limits,
  memberId: number,
  scene: 'pay_password' | 'pay',
  ip: string,
  now: Date,
): Promise<{ mobile: string; resend_after: number; expires_in: number }> {
  const mobile = await phoneOf(db, memberId);
  const r = await sendCode(db, sms, limits, { mobile, scene, ip }, now);
  return { mobile: mask(mobile), resend_after: r.resendAfter, expires_in: r.expiresIn };
}

/** `POST /api/user/pay_password`: sets or resets the password with a code; lifts any lock. */
export async function setPayPassword(
  db: Queryable,
  memberId: number,
  input: SetPayPasswordInput,
  now: Date,
): Promise<void> {
  const mobile = await phoneOf(db, memberId);
  await verifyCode(db, mobile, 'pay_password', input.code, now);
  const hash = await hashPassword(input.password);
  const values = { payPasswordHash: hash, payFailures: 0, payLockedUntil: null, updatedAt: now };
  await db
    .insert(memberSettings)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: memberSettings.memberId, set: values });
}

/** Sets the payment password without a code: the demo seed and tests only. */
export async function seedPayPassword(db: Queryable, memberId: number, password: string): Promise<void> {
  const values = { payPasswordHash: await hashPassword(password), payFailures: 0, payLockedUntil: null };
  await db
    .insert(memberSettings)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: memberSettings.memberId, set: values });
}

const lockText = (until: Date) =>
  `支付密码错误次数过多，已锁定至${chinaDateTime(until).slice(11, 16)}；可在账户中心通过短信验证码重置支付密码`;

/**
 * Checks the payment password; throws the §8 business error a buyer reads otherwise. Runs
 * outside any transaction so a wrong try is counted even though the payment fails.
 */
export async function checkPayPassword(
  db: Queryable,
  memberId: number,
  password: string | undefined,
  now: Date,
): Promise<void> {
  if (!password) {
    const s = await settingsOf(db, memberId);
    throw business(
      s?.payPasswordHash ? '余额支付请输入支付密码' : '余额支付需先设置支付密码，请到账户中心设置',
      { need_pay_password: 1, is_set: s?.payPasswordHash ? 1 : 0 },
    );
  }
  // Take a try first (a lock that ran out starts the count again).
  const [taken] = rowsOf<{ hash: string; failures: number }>(
    await db.execute(sql`
      update member_settings set
        pay_failures = case when pay_locked_until is not null then 1 else pay_failures + 1 end,
        pay_locked_until = null
      where member_id = ${memberId} and pay_password_hash is not null
        and (pay_locked_until <= ${now} or (pay_locked_until is null and pay_failures < ${PAY_PASSWORD_RULES.maxFailures}))
      returning pay_password_hash as hash, pay_failures as failures`),
  );
  if (!taken) {
    const s = await settingsOf(db, memberId);
    if (!s?.payPasswordHash)
      throw business('余额支付需先设置支付密码，请到账户中心设置', { need_pay_password: 1, is_set: 0 });
    if (locked(s.payLockedUntil, now))
      throw business(lockText(s.payLockedUntil!), { pay_password_locked: 1 });
    // Every try is taken by checks still running (a payment clicked many times at once).
    throw business('支付正在处理，请勿重复提交');
  }
  if (await verifyPassword(taken.hash, password)) {
    await db.update(memberSettings).set({ payFailures: 0 }).where(eq(memberSettings.memberId, memberId));
    return;
  }
  const left = PAY_PASSWORD_RULES.maxFailures - taken.failures;
  if (left > 0) throw business(`支付密码错误，还可尝试${left}次`, { tries_left: left });
  const until = new Date(now.getTime() + PAY_PASSWORD_RULES.lockMs);
  await db.update(memberSettings).set({ payLockedUntil: until }).where(eq(memberSettings.memberId, memberId));
  throw business(lockText(until), { pay_password_locked: 1 });
}

/**
 * The checks of a balance payment of `payable` fen, before its transaction: the payment
 * password, then, above the member's amount, an SMS code (scene 'pay') to its own mobile.
 */
export async function authorizeBalancePayment(
  db: Queryable,
  memberId: number,
  payable: number,
  input: { pay_password?: string; sms_code?: string },
  now: Date,
): Promise<void> {
  await checkPayPassword(db, memberId, input.pay_password, now);
  const s = await settingsOf(db, memberId);
  if (s?.paySmsAbove == null || payable <= s.paySmsAbove) return;
  if (!input.sms_code)
    throw business(`支付金额超过${fenToYuan(s.paySmsAbove)}元，请输入短信验证码`, { need_sms_code: 1 });
  await verifyCode(db, await phoneOf(db, memberId), 'pay', input.sms_code, now);
}

/** `POST /api/user/pay_password/sms_above`: the amount (fen, null = never), with the password. */
export async function setSmsAbove(
  db: Queryable,
  memberId: number,
  amount: number | null,
  password: string,
  now: Date,
): Promise<void> {
  await checkPayPassword(db, memberId, password, now);
  await db
    .update(memberSettings)
    .set({ paySmsAbove: amount, updatedAt: now })
    .where(eq(memberSettings.memberId, memberId));
}

/** `POST /api/user/shelf_floor`. */
export async function setShelfMonths(
  db: Queryable,
  memberId: number,
  months: number,
  now: Date,
): Promise<void> {
  await db
    .insert(memberSettings)
    .values({ memberId, shelfMonths: months, updatedAt: now })
    .onConflictDoUpdate({ target: memberSettings.memberId, set: { shelfMonths: months, updatedAt: now } });
}
