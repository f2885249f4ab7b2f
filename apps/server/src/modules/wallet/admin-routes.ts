import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  balanceAdjustSchema,
  fenToYuan,
  idParamSchema,
  pointsAdjustSchema,
  pointsLogQuerySchema,
  walletMembersQuerySchema,
  moneyLogQuerySchema,
  yuanToFen,
  type WalletAdjustResult,
} from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { audit } from '../../platform/audit.js';
import { ok, parse } from '../../platform/http.js';
import {
  adjustBalance,
  adjustPoints,
  assertMember,
  moneyLog,
  pointsLog,
  recharge,
  walletMembers,
} from './service.js';

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

/** The operator's wallet calls under `/api/admin`: top-up, adjustments, balances and logs. */
export function walletAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.post('/members/:id/recharge', { config: { access: 'wallet.adjust' } }, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    const body = parse(rechargeSchema, req.body);
    const { balance } = await recharge(db, id, body.amount, body.remark || '线下充值', ctx.now());
    return ok({ member_id: id, balance: fenToYuan(balance) }, '充值成功');
  });

  app.post('/members/:id/balance_adjust', { config: { access: 'wallet.adjust' } }, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    const body = parse(balanceAdjustSchema, req.body);
    const r = await adjustBalance(db, id, body.amount, body.reason, ctx.now());
    audit(req, {
      action: 'member.balance_adjust',
      entity: 'member',
      entityId: id,
      summary: `调整会员 ${r.username} 余额 ${body.amount > 0 ? '+' : ''}${fenToYuan(body.amount)} 元：${body.reason}`,
      before: { balance: fenToYuan(r.before) },
      after: { balance: fenToYuan(r.after), reason: body.reason },
    });
    const data: WalletAdjustResult = {
      member_id: id,
      before: fenToYuan(r.before),
      after: fenToYuan(r.after),
    };
    return ok(data, '余额调整成功');
  });

  app.post('/members/:id/points_adjust', { config: { access: 'points.adjust' } }, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    const body = parse(pointsAdjustSchema, req.body);
    const r = await adjustPoints(db, id, body.points, body.reason, ctx.now());
    audit(req, {
      action: 'member.points_adjust',
      entity: 'member',
      entityId: id,
      summary: `调整会员 ${r.username} 积分 ${body.points > 0 ? '+' : ''}${body.points}：${body.reason}`,
      before: { points: r.before },
      after: { points: r.after, reason: body.reason },
    });
    const data: WalletAdjustResult = { member_id: id, before: r.before, after: r.after };
    return ok(data, '积分调整成功');
  });

  app.get('/wallet/members', { config: { access: 'member.read' } }, async (req) =>
    ok(await walletMembers(db, parse(walletMembersQuerySchema, req.query))),
  );

  app.get('/members/:id/money_log', { config: { access: 'member.read' } }, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    const q = parse(moneyLogQuerySchema, req.query);
    await assertMember(db, id);
    return ok(await moneyLog(db, id, q));
  });

  app.get('/members/:id/points_log', { config: { access: 'member.read' } }, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    return ok(await pointsLog(db, id, parse(pointsLogQuerySchema, req.query)));
  });
}
