import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { SMS_RULES, type SmsScene } from '@kc/domain';
import type { Queryable } from '../../../platform/db.js';
import { AppError, business } from '../../../platform/errors.js';
import { smsCodes } from '../schema.js';
import type { SmsProvider } from '../../../providers/index.js';

const SCENE_TEXT: Record<SmsScene, string> = {
  register: '注册账号',
  login: '登录',
  reset: '找回密码',
  change_phone: '更换手机号',
  store: '添加门店',
};

const hashCode = (mobile: string, scene: SmsScene, code: string) =>
  crypto.createHash('sha256').update(`${mobile}:${scene}:${code}`).digest('hex');

/**
 * Issues a 6-digit code: at most one per mobile per 60 s and 10 per 24 h (all scenes), valid
 * 5 minutes. A new code replaces the unused ones of the same scene.
 */
export async function sendCode(
  db: Queryable,
  provider: SmsProvider,
  mobile: string,
  scene: SmsScene,
  now: Date,
): Promise<{ resendAfter: number; expiresIn: number }> {
  const [last] = await db
    .select({ at: smsCodes.createdAt })
    .from(smsCodes)
    .where(eq(smsCodes.mobile, mobile))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (last && now.getTime() - last.at.getTime() < SMS_RULES.resendMs) {
    const wait = Math.ceil((SMS_RULES.resendMs - (now.getTime() - last.at.getTime())) / 1000);
    throw new AppError('tooMany', `请${wait}秒后再获取验证码`);
  }
  const since = new Date(now.getTime() - SMS_RULES.dayMs);
  const [day] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, since)));
  if ((day?.n ?? 0) >= SMS_RULES.perDay) throw new AppError('tooMany', '该手机号今日获取验证码次数已达上限');

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
