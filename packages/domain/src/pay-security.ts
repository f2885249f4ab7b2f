/**
 * 余额支付的安全设置 and the buyer's purchase preferences (issue 17, items 5 and 6):
 * - a 6-digit payment password (支付密码), set and reset in the account centre with an SMS code
 *   sent to the member's own mobile, asked for every balance payment; 5 wrong tries lock it;
 * - an amount above which a balance payment also asks for an SMS code (scene 'pay');
 * - a shelf-life floor (效期下限): the buyer accepts only lots with at least N months left;
 * - the licence-expiry countdown shown on every page from 60 days before a licence expires.
 */
import { z } from 'zod';
import { yuanToFen } from './money.js';
import { smsCodeSchema } from './registration.js';
import type { DocumentType } from './registration.js';

/** Payment-password rules: 6 digits; 5 wrong tries lock balance payment for 30 minutes. */
export const PAY_PASSWORD_RULES = { length: 6, maxFailures: 5, lockMs: 30 * 60_000 } as const;

/** Shelf-life floor choices (months); 0 = any lot that is not expired. */
export const SHELF_FLOOR_MONTHS = [0, 3, 6, 9, 12, 18, 24] as const;
/** The licence countdown starts this many days before a licence expires. */
export const LICENCE_ALERT_DAYS = 60;

export const payPasswordSchema = z
  .string({ error: '请输入6位数字支付密码' })
  .regex(/^\d{6}$/, { message: '支付密码为6位数字' })
  .refine((v) => !/^(\d)\1{5}$/.test(v) && !['123456', '654321'].includes(v), {
    message: '支付密码过于简单，请勿使用相同或连续的数字',
  });

/** `POST /api/user/pay_password`: set or reset with an SMS code (scene 'pay_password'). */
export const setPayPasswordSchema = z
  .object({
    code: smsCodeSchema,
    password: payPasswordSchema,
    confirm: z.string({ error: '请再次输入支付密码' }),
  })
  .refine((v) => v.password === v.confirm, { message: '两次输入的支付密码不一致', path: ['confirm'] });
export type SetPayPasswordInput = z.infer<typeof setPayPasswordSchema>;

/** `POST /api/user/pay_password/code`: an SMS code to the member's own mobile. */
export const payCodeSchema = z.object({
  scene: z.enum(['pay_password', 'pay'], { error: '验证码用途不正确' }),
});

/** `POST /api/user/pay_password/sms_above`: blank = never ask for an SMS code. */
export const paySmsAboveSchema = z.object({
  amount: z
    .union([z.string(), z.number(), z.null()], { error: '请填写金额' })
    .transform((v) => (v === null ? '' : String(v).trim()))
    .pipe(
      z
        .string()
        .regex(/^(\d{1,9}(\.\d{1,2})?)?$/, { message: '金额格式有误，最多两位小数' })
        .transform((s) => (s === '' ? null : yuanToFen(s))),
    ),
  pay_password: z.string({ error: '请输入支付密码' }).regex(/^\d{6}$/, { message: '请输入6位数字支付密码' }),
});

/** `POST /api/user/shelf_floor`. */
export const shelfFloorSchema = z.object({
  months: z.coerce
    .number({ error: '请选择效期下限' })
    .int({ message: '请选择效期下限' })
    .refine((n) => (SHELF_FLOOR_MONTHS as readonly number[]).includes(n), { message: '请选择效期下限' }),
});

/** `GET /api/user/pay_password`: the account centre's 支付安全 card and the pay page. */
export interface PaySecurityView {
  /** 1 when a payment password is set. */
  is_set: 0 | 1;
  /** 1 while wrong tries lock it. */
  locked: 0 | 1;
  /** ISO time the lock ends, '' when not locked. */
  locked_until: string;
  /** Wrong tries left before the lock. */
  tries_left: number;
  /** Yuan above which a balance payment also asks for an SMS code; null = never. */
  sms_above: string | null;
  /** The mobile the codes go to, masked (138****0000). */
  phone: string;
  /** The shelf-life floor in months (0 = none). */
  shelf_months: number;
}

/** One document of the member's licence countdown. */
export interface LicenceAlertItem {
  type: DocumentType;
  type_name: string;
  number: string;
  valid_to: string;
  /** Negative once expired. */
  days_left: number;
}

/** `GET /api/user/licence_alerts`: documents expiring within LICENCE_ALERT_DAYS (or expired). */
export interface LicenceAlertsView {
  within_days: number;
  list: LicenceAlertItem[];
}

/** The last day a lot may expire on and still be refused under a floor (lots must expire after it). */
export function shelfCutoff(today: string, months: number): string {
  if (months <= 0) return today;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(d, last) - 1);
  return t.toISOString().slice(0, 10);
}

/** The lots a cart line or a check-order line would draw on, as the buyer reads them. */
export interface LotExpiryView {
  /** Expiry of the first (earliest) lot allocated, 'YYYY-MM-DD'. */
  from: string;
  /** Expiry of the last lot allocated (= from when one lot serves the line). */
  to: string;
  /** The buyer's shelf-life floor (months, 0 = none). */
  floor_months: number;
  /** 1 when the lots at or above the floor do not cover the quantity. */
  below_floor: 0 | 1;
  /** 效期至2027-06-01, or why the floor refuses it. */
  text: string;
}

/**
 * The FEFO lots `quantity` units would be drawn from under a floor of `months` (lots given as
 * [expires_on, quantity], any order); null when no lot can serve at all.
 */
export function lotExpiryOf(
  lots: readonly (readonly [string, number])[],
  quantity: number,
  months: number,
  today: string,
  bzdw = '',
): LotExpiryView | null {
  const cutoff = shelfCutoff(today, months);
  const sorted = [...lots].filter(([e, q]) => q > 0 && e > today).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  if (sorted.length === 0) return null;
  const usable = sorted.filter(([e]) => e > cutoff);
  const have = usable.reduce((s, [, q]) => s + q, 0);
  if (
    have === 0 ||
    have <
      Math.min(
        quantity,
        sorted.reduce((s, [, q]) => s + q, 0),
      )
  ) {
    const latest = sorted[sorted.length - 1]![0];
    return {
      from: usable[0]?.[0] ?? latest,
      to: usable[usable.length - 1]?.[0] ?? latest,
      floor_months: months,
      below_floor: 1,
      text:
        have === 0
          ? `现有批号效期不足${months}个月（最长至${latest}），不符合您设置的效期要求`
          : `效期满${months}个月的仅剩${have}${bzdw}`,
    };
  }
  let left = Math.max(1, quantity);
  let to = usable[0]![0];
  for (const [e, q] of usable) {
    to = e;
    left -= q;
    if (left <= 0) break;
  }
  const from = usable[0]![0];
  return {
    from,
    to,
    floor_months: months,
    below_floor: 0,
    text: from === to ? `效期至${from}` : `效期${from}至${to}`,
  };
}
