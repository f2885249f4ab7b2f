import type { FastifyInstance } from 'fastify';
import { payCodeSchema, paySmsAboveSchema, setPayPasswordSchema, shelfFloorSchema } from '@kc/domain';
import { requireMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { memberLicenceAlerts } from './licences.js';
import { paySecurity, sendPayCode, setPayPassword, setShelfMonths, setSmsAbove } from './pay-security.js';

/** 支付安全 (/zfaq) and the purchase preferences of the account centre; the licence countdown. */
export function paySecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/user/pay_password', async (req) =>
    ok(await paySecurity(db, await requireMember(req), ctx.now())),
  );

  app.post('/api/user/pay_password/code', async (req) => {
    const memberId = await requireMember(req);
    const { scene } = parse(payCodeSchema, req.body);
    return ok(
      await sendPayCode(db, ctx.providers.sms, ctx.limits, memberId, scene, req.ip, ctx.now()),
      '验证码已发送',
    );
  });

  app.post('/api/user/pay_password', async (req) => {
    const memberId = await requireMember(req);
    await setPayPassword(db, memberId, parse(setPayPasswordSchema, req.body), ctx.now());
    return ok(await paySecurity(db, memberId, ctx.now()), '支付密码设置成功');
  });

  app.post('/api/user/pay_password/sms_above', async (req) => {
    const memberId = await requireMember(req);
    const { amount, pay_password } = parse(paySmsAboveSchema, req.body);
    await setSmsAbove(db, memberId, amount, pay_password, ctx.now());
    return ok(await paySecurity(db, memberId, ctx.now()), '已保存');
  });

  app.post('/api/user/shelf_floor', async (req) => {
    const memberId = await requireMember(req);
    const { months } = parse(shelfFloorSchema, req.body);
    await setShelfMonths(db, memberId, months, ctx.now());
    return ok(await paySecurity(db, memberId, ctx.now()), '已保存');
  });

  app.get('/api/user/licence_alerts', async (req) =>
    ok(await memberLicenceAlerts(db, await requireMember(req), ctx.now())),
  );
}
