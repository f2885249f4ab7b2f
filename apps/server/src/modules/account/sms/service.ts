import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { SMS_RULES, type SmsScene } from '@kc/domain';
import type { Queryable } from '../../../platform/db.js';
import { AppError, business } from '../../../platform/errors.js';
import { LIMITS, enforce, type Limits } from '../../../platform/limits.js';
import { smsCodes } from '../schema.js';
import type { SmsProvider } from '../../../providers/index.js';

const SCENE_TEXT: Record<SmsScene, string> = {
  register: '注册账号',
  login: '登录',
  reset: '找回密码',
  change_phone: '更换手机号',
  store: '添加门店',
  pay_password: '设置支付密码',
  pay: '余额支付',
};

const hashCode = (mobile: string, scene: SmsScene, code: string) =>
  crypto.createHash('sha256').update(`${mobile}:${scene}:${code}`).digest('hex');

/** Who asks for a code, and for which mobile and purpose. */
export interface CodeRequest {
  mobile: string;
  scene: SmsScene;
  /** The client's address (req.ip): codes are limited per address too. */
  ip: string;
}

/**
 * Counts the send against the mobile (one a minute, ten a day, all scenes), the client's
 * address and the site's daily budget (against SMS pumping) before anything is sent: the
 * counters are atomic, so concurrent requests cannot all pass.
 */
async function reserveSend(limits: Limits, { mobile, ip }: CodeRequest): Promise<void> {
  const resend = await limits.hit(`sms:mobile:${mobile}`, LIMITS.smsResend);
  if (!resend.allowed) {
    throw new AppError('tooMany', `请${Math.max(1, Math.ceil(resend.retryAfterMs / 1000))}秒后再获取验证码`);
  }
  await enforce(
    limits,
    `sms:mobile-day:${mobile}`,
    LIMITS.smsMobileDay,
    '该手机号今日获取验证码次数已达上限',
  );
  await enforce(limits, `sms:ip:${ip}`, LIMITS.smsAddress, '获取验证码过于频繁，请1小时后再试');
  await enforce(limits, 'sms:site-day', LIMITS.smsSiteDay, '今日短信发送量已达上限，请明天再试或联系客服');
}

/**
 * Issues a 6-digit code, valid 5 minutes, within the limits above (SMS_RULES and
 * platform/limits.ts). A new code replaces the unused ones of the same scene.
 */
export async function sendCode(
  db: Queryable,
  provider: SmsProvider,
  limits: Limits,
  request: CodeRequest,
  now: Date,
): Promise<{ resendAfter: number; expiresIn: number }> {
  const { mobile, scene } = request;
  await reserveSend(limits, request);
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(SMS_RULES.length, '0');
  await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, scene), isNull(smsCodes.consumedAt)));
  await db.insert(smsCodes).values({
    mobile,
    scene,
    codeHash: hashCode(mobile, scene, code),
    expiresAt: new Date(now.getTime() + SMS_RULES.ttlMs),
    createdAt: now,
  });
  await provider.send(
    db,
    mobile,
    `【康采医药网】您正在${SCENE_TEXT[scene]}，验证码 ${code}，5分钟内有效。如非本人操作请忽略。`,
  );
  return { resendAfter: SMS_RULES.resendMs / 1000, expiresIn: SMS_RULES.ttlMs / 1000 };
}

/**
 * Checks and consumes a code. Wrong codes count against the latest code of the scene; the
 * fifth wrong attempt voids it. Runs outside any transaction so a failed attempt is counted.
 */
export async function verifyCode(
  db: Queryable,
  mobile: string,
  scene: SmsScene,
  code: string,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, scene)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  if (!row) throw business('请先获取短信验证码');
  if (row.attempts >= SMS_RULES.maxAttempts) throw business('验证码错误次数过多，请重新获取');
  if (row.consumedAt) throw business('验证码已使用，请重新获取');
  if (row.expiresAt <= now) throw business('验证码已过期，请重新获取');
  const good = crypto.timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(hashCode(mobile, scene, code)));
  if (!good) {
    await db
      .update(smsCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(smsCodes.id, row.id));
    const left = SMS_RULES.maxAttempts - row.attempts - 1;
    throw business(left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取');
  }
  // Single use: the update only succeeds once even if two requests race.
  const used = await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw business('验证码已使用，请重新获取');
}
