import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  RESET_TICKET_MS,
  createCodeSchema,
  forgetVerifySchema,
  registerAccountSchema,
  registerCompanySchema,
  registerStoreSchema,
  resetPasswordSchema,
  type CreateCodeReply,
} from '@kc/domain';
import { desc, eq } from 'drizzle-orm';
import { requireMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { LIMITS, enforce } from '../../platform/limits.js';
import { ok, parse } from '../../platform/http.js';
import { resetPassword, verifyForReset } from './password.js';
import type { Providers } from '../../providers/index.js';
import { registerAccount, registrationState, saveCompany, submitRegistration } from './registration.js';
import { members, smsOutbox } from './schema.js';
import { createSession } from './sessions.js';
import { issueSession, meta, type ProfileReader } from './route-helpers.js';
import { sendCode } from './sms/service.js';

const RESET_COOKIE = 'kc_reset';

export function registrationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  providers: Providers,
  profile: ProfileReader,
): void {
  const { db } = ctx.database;

  // Each answer below tells whether a mobile or a username is registered, as the flow needs
  // (a taken mobile is sent to 多店注册): so the calls are throttled per address instead.
  const probe = (req: FastifyRequest) =>
    enforce(ctx.limits, `probe:ip:${req.ip}`, LIMITS.probeAddress, '操作过于频繁，请1小时后再试');

  app.post('/api/user/create_code', async (req) => {
    await probe(req);
    const { mobile, scene } = parse(createCodeSchema, req.body);
    // Changing the phone is an account-centre action: only a logged-in member may ask.
    if (scene === 'change_phone') await requireMember(req);
    const [known] = await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.phone, mobile))
      .limit(1);
    if (scene === 'register' && known)
      throw new AppError('conflict', '该手机号已注册，如需添加门店请使用多店注册');
    if ((scene === 'login' || scene === 'reset' || scene === 'store') && !known)
      throw notFound('该手机号未注册');
    if (scene === 'change_phone' && known) throw new AppError('conflict', '该手机号已被其他账号使用');
    const r = await sendCode(db, providers.sms, ctx.limits, { mobile, scene, ip: req.ip }, ctx.now());
    const data: CreateCodeReply = { mobile, resend_after: r.resendAfter, expires_in: r.expiresIn };
    return ok(data, '验证码已发送');
  });

  // The development SMS provider's outbox; never registered in production.
  if (ctx.config.env !== 'production') {
    app.get('/api/dev/sms', async (req) => {
      const mobile = String((req.query as { mobile?: unknown }).mobile ?? '');
      const rows = await db
        .select({ mobile: smsOutbox.mobile, content: smsOutbox.content, created_at: smsOutbox.createdAt })
        .from(smsOutbox)
        .where(mobile ? eq(smsOutbox.mobile, mobile) : undefined)
        .orderBy(desc(smsOutbox.id))
        .limit(20);
      return ok(rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })));
    });
  }

  for (const [path, kind] of [
    ['/api/register/account', 'account'],
    ['/api/register/store', 'store'],
  ] as const) {
    app.post(path, async (req, reply) => {
      await probe(req);
      const input = parse(kind === 'account' ? registerAccountSchema : registerStoreSchema, req.body);
      const id = await registerAccount(db, providers, input, kind, ctx.now());
      const s = await createSession(db, { type: 'member', id }, meta(req), ctx.now());
      const { token } = await issueSession(ctx, req, reply, s, profile);
      return ok({ token, state: await registrationState(db, id) }, '账号已创建，请填写企业信息');
    });
  }

  app.get('/api/register/state', async (req) => ok(await registrationState(db, await requireMember(req))));

  app.post('/api/register/company', async (req) => {
    const memberId = await requireMember(req);
    await saveCompany(db, memberId, parse(registerCompanySchema, req.body), ctx.now());
    return ok(await registrationState(db, memberId), '企业信息已保存');
  });

  app.post('/api/register/submit', async (req) => {
    const memberId = await requireMember(req);
    await submitRegistration(db, memberId, ctx.now());
    return ok(await registrationState(db, memberId), '资质已提交，请等待审核');
  });

  app.post('/api/user/forget/verify', async (req, reply) => {
    const { mobile, code } = parse(forgetVerifySchema, req.body);
    const data = await verifyForReset(db, mobile, code, ctx.now());
    reply.setCookie(RESET_COOKIE, data.reset_token, {
      path: '/api/user',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.secureCookies,
      maxAge: RESET_TICKET_MS / 1000,
    });
    return ok(data, '验证成功，请设置新密码');
  });

  app.post('/api/user/resetPassword', async (req, reply) => {
    const body = parse(resetPasswordSchema, req.body);
    const token = body.reset_token ?? req.cookies[RESET_COOKIE];
    if (!token) throw new AppError('business', '重置链接已失效，请重新验证手机号');
    await resetPassword(db, token, body.password, ctx.now(), ctx.sessionCache);
    reply.setCookie(RESET_COOKIE, '', { path: '/api/user', maxAge: 0 });
    return ok(null, '密码已重置，请重新登录');
  });
}
