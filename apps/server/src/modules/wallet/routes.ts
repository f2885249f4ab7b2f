import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fenToYuan, idParamSchema, moneyLogQuerySchema, yuanToFen } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember, requireOperator } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { moneyLog, recharge, userMoney } from './service.js';

/** One top-up at most 1,000,000.00 yuan (the balance is an int4 of fen). */
const RECHARGE_MAX_FEN = 100_000_000;

/** Operator top-up: `amount` in yuan ("100.00"), `remark`. Back-office only, no web form shares it. */
const rechargeSchema = z.object({
  amount: z
    .string({ error: '请填写充值金额' })
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, { message: '充值金额格式有误' })
    .transform(yuanToFen)
    .refine((f) => f > 0, { message: '充值金额必须大于0' })
    .refine((f) => f <= RECHARGE_MAX_FEN, { message: '单次充值不能超过1000000.00元' }),
  remark: z.preprocess(
    (v) => (v == null ? '' : v),
    z.string().trim().max(100, { message: '备注不能超过100个字' }),
  ),
});

/** Wallet (余额): the member's balance and money log; the operator's top-up. */
export function walletRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/user/user_money', async (req) => {
    const memberId = await requireMember(req);
    return ok(await userMoney(db, memberId));
  });

  app.get('/api/user/user_money_log', async (req) => {
    const memberId = await requireMember(req);
    return ok(await moneyLog(db, memberId, parse(moneyLogQuerySchema, req.query)));
  });

  app.post('/api/admin/members/:id/recharge', async (req) => {
    await requireOperator(req);
    const { id } = parse(idParamSchema, req.params);
    const body = parse(rechargeSchema, req.body);
    const { balance } = await recharge(db, id, body.amount, body.remark || '线下充值', ctx.now());
    return ok({ member_id: id, balance: fenToYuan(balance) }, '充值成功');
  });
}
