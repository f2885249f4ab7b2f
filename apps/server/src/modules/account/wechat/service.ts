import { and, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db.js';
import { AppError, business } from '../../../platform/errors.js';
import { members } from '../schema.js';
import { createSession, type SessionInfo } from '../sessions.js';
import type { WechatProvider } from '../../../providers/index.js';

/** Binds the WeChat user behind `code` to the member; one WeChat per member and vice versa. */
export async function bindWechat(db: Queryable, provider: WechatProvider, memberId: number, code: string) {
  const { openid } = await provider.exchange(code);
  const [other] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.wechatOpenid, openid), ne(members.id, memberId)))
    .limit(1);
  if (other) throw new AppError('conflict', '该微信已绑定其他账号');
  await db.update(members).set({ wechatOpenid: openid }).where(eq(members.id, memberId));
}

export async function unbindWechat(db: Queryable, memberId: number): Promise<void> {
  const [m] = await db
    .update(members)
    .set({ wechatOpenid: null })
    .where(and(eq(members.id, memberId)))
    .returning({ id: members.id });
  if (!m) throw business('账号不存在');
}

/** Logs in the member bound to the WeChat user; 400 with need_register when none is. */
export async function loginByWechat(
  db: Queryable,
  provider: WechatProvider,
  code: string,
  meta: { ip: string; userAgent: string },
  now: Date,
): Promise<SessionInfo> {
  const { openid } = await provider.exchange(code);
  const [m] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.wechatOpenid, openid))
    .limit(1);
  if (!m) throw business('该微信尚未绑定账号，请先注册', { need_register: 1 });
  return createSession(db, { type: 'member', id: m.id }, meta, now);
}
