/**
 * 在线充值: a member tops up the balance through the online payment gateway (/yegl). The
 * server opens a pending payment of kind 'recharge' (no order); the gateway's notification
 * credits the balance (money log use_type 1 充值, remark 在线充值) once.
 */
import { z } from 'zod';
import { yuanToFen } from './money.js';

/** The least one online top-up may be: 1.00 yuan. */
export const RECHARGE_MIN_FEN = 100;
/** The most one online top-up may be: 50,000.00 yuan. */
export const RECHARGE_MAX_FEN = 5_000_000;
/** The amounts the /yegl modal offers with one click (yuan). */
export const RECHARGE_QUICK_AMOUNTS = [500, 1000, 2000, 5000] as const;
/** The money-log remark of an online top-up. */
export const ONLINE_RECHARGE_REMARK = '在线充值';

/** The ways a member can top up online: the gateway only (对公转账 is the operator's top-up). */
export const RECHARGE_PAY_TYPES = { online: '在线支付' } as const;
export type RechargePayType = keyof typeof RECHARGE_PAY_TYPES;

/**
 * A top-up amount in yuan ("500", "500.5", 500.25) as fen: at most two decimals, from 1.00
 * to 50,000.00. Also the /yegl form's rule for the amount input.
 */
export const rechargeAmountSchema = z
  .union([z.string(), z.number()], { error: '请填写充值金额' })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1, { message: '请填写充值金额' })
      .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: '充值金额格式有误，最多两位小数' })
      .transform((s) => yuanToFen(s))
      .refine((f) => f >= RECHARGE_MIN_FEN, { message: '充值金额不能低于1.00元' })
      .refine((f) => f <= RECHARGE_MAX_FEN, { message: '单次充值不能超过50000.00元' }),
  );

/** `POST /api/user/recharge`: `amount` (yuan), `pay_type` (online; absent = online). */
export const rechargeSchema = z.object({
  amount: rechargeAmountSchema,
  pay_type: z
    .enum(Object.keys(RECHARGE_PAY_TYPES) as [RechargePayType, ...RechargePayType[]], {
      error: '充值仅支持在线支付',
    })
    .default('online'),
});
export type RechargeInput = z.infer<typeof rechargeSchema>;

/** `GET /api/user/recharge/{payment_no}`: a payment number as the server writes it. */
export const rechargeNoParamsSchema = z.object({
  payment_no: z.string().regex(/^P\d{10,30}$/, { message: '充值单号有误' }),
});

/** `POST /api/user/recharge`: go to `pay_url` (the gateway's cashier) to pay. */
export interface RechargeResultView {
  payment_no: string;
  /** Yuan. */
  amount: string;
  status: 'pending';
  pay_url: string;
}

/** `GET /api/user/recharge/{payment_no}`: paid once the gateway's notification credited it. */
export interface RechargeStatusView {
  payment_no: string;
  /** Yuan. */
  amount: string;
  status: 'pending' | 'paid' | 'closed';
  /** China time, '' until paid. */
  paid_at: string;
}
