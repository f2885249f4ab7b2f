import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fenToYuan, idParamSchema, yuanToFen } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { recharge } from './service.js';

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

/** The operator's balance top-up, under `/api/admin`. */
export function walletAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.post('/members/:id/recharge', { config: { access: 'wallet.adjust' } }, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    const body = parse(rechargeSchema, req.body);
    const { balance } = await recharge(db, id, body.amount, body.remark || '线下充值', ctx.now());
    return ok({ member_id: id, balance: fenToYuan(balance) }, '充值成功');
  });
}
