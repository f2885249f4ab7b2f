/**
 * Wallet (我的钱包): the money log's kinds, the points log, the member's coupons and the
 * operator's balance and points adjustments — schemas and views shared by server and web.
 */
import { z } from 'zod';
import { pageQuerySchema } from './api.js';
import { yuanToFen } from './money.js';
import { MONEY_USE_TYPES } from './order/views-more.js';
import type { CouponKind, MemberCouponStatus } from './coupon.js';

/** Every kind of money movement, named (MONEY_USE_TYPES: what the flows write). */
export const MONEY_LOG_TYPES: Record<number, string> = MONEY_USE_TYPES;

const blank = (v: unknown) => (v === '' || v == null ? undefined : v);

/** Options for the type filter of the money log pages, in order. */
export const MONEY_LOG_TYPE_OPTIONS = Object.entries(MONEY_LOG_TYPES).map(([v, label]) => ({
  value: Number(v),
  label,
}));

/** Points-log directions (type): 1 获得, 2 扣减. */
export const POINTS_LOG_TYPES = { 1: '获得', 2: '扣减' } as const;
export type PointsLogType = keyof typeof POINTS_LOG_TYPES;

/** `GET /api/user/points_log` and `GET /api/admin/members/:id/points_log`. */
export const pointsLogQuerySchema = pageQuerySchema.extend({
  type: z.preprocess(
    blank,
    z.coerce
      .number({ error: '类型有误' })
      .int({ message: '类型有误' })
      .min(1, { message: '类型有误' })
      .max(2, { message: '类型有误' })
      .optional(),
  ),
});
export type PointsLogQuery = z.infer<typeof pointsLogQuerySchema>;

/** What a points movement was, told from its reason (the log keeps the reason as text). */
export const POINTS_REASON_KINDS = {
  receipt: '确认收货赠送',
  mall: '积分商城兑换',
  return: '退货扣回',
  expire: '积分过期',
  adjust: '积分调整',
  draw: '抽奖奖励',
  other: '其他',
} as const;
export type PointsReasonKind = keyof typeof POINTS_REASON_KINDS;

/** Classifies a points-log reason ('订单KC…完成' → receipt, '退货扣回积分 …' → return, …). */
export function pointsReasonKind(reason: string, points: number): PointsReasonKind {
  if (/^积分调整/.test(reason)) return 'adjust';
  if (/过期/.test(reason)) return 'expire';
  if (/退货|退款/.test(reason)) return 'return';
  if (/抽奖/.test(reason)) return 'draw';
  if (/兑换|积分商城|积分订单/.test(reason)) return 'mall';
  if (/完成|收货/.test(reason) && points > 0) return 'receipt';
  return 'other';
}

/** `GET /api/user/points_log` rows. */
export interface PointsLogView {
  id: number;
  /** Signed. */
  points: number;
  /** Points after the entry. */
  balance: number;
  type: PointsLogType;
  type_text: string;
  kind: PointsReasonKind;
  kind_text: string;
  reason: string;
  created_at: string;
}

/** `GET /api/user/user_points`: the member's points. */
export interface UserPointsView {
  points: number;
}

/** The coupon list's statuses (status), unused by default. */
export const MEMBER_COUPON_STATUS_TEXT: Record<MemberCouponStatus, string> = {
  unused: '未使用',
  used: '已使用',
  expired: '已过期',
};

/** Coupon list types: 1 优惠券 (满减, 折扣), 2 现金券. */
export const MEMBER_COUPON_TYPES = { 1: '优惠券', 2: '现金券' } as const;

/** `GET /api/user/coupon`. */
export const memberCouponQuerySchema = pageQuerySchema.extend({
  type: z.preprocess(
    blank,
    z.coerce
      .number({ error: '优惠券类型有误' })
      .refine((t) => t === 1 || t === 2, { message: '优惠券类型有误' })
      .optional(),
  ),
  status: z.preprocess(
    (v) => (v === '' || v == null ? 'unused' : v),
    z.enum(['unused', 'used', 'expired'], { error: '状态有误' }),
  ),
});
export type MemberCouponQuery = z.infer<typeof memberCouponQuerySchema>;

/** `GET /api/user/coupon` rows. */
export interface MemberCouponView {
  id: number;
  name: string;
  kind: CouponKind;
  kind_text: string;
  /** 1 优惠券, 2 现金券. */
  type: 1 | 2;
  text: string;
  threshold: string;
  amount: string;
  rate: number;
  scope_text: string;
  description: string;
  valid_from: string;
  /** The member coupon's own end (expires_at) when it has one, else the template's. */
  valid_to: string;
  status: MemberCouponStatus;
  status_text: string;
  /** Unused but its window has not begun. */
  not_started: 0 | 1;
  used_at: string;
  used_order_id: number | null;
  source: string;
  received_at: string;
}

/** `GET /api/user/coupon` reply: the page plus the count of each status (the page's tabs). */
export interface MemberCouponPage {
  list: MemberCouponView[];
  total: number;
  page: number;
  page_size: number;
  total_page: number;
  counts: Record<MemberCouponStatus, number>;
}

const reasonField = z
  .string({ error: '请填写调整原因' })
  .trim()
  .min(1, { message: '请填写调整原因' })
  .max(100, { message: '调整原因不能超过100个字' });

/** One adjustment at most 1,000,000.00 yuan either way. */
export const ADJUST_MAX_FEN = 100_000_000;

/** `POST /api/admin/members/:id/balance_adjust`: signed yuan ("-20.50"), a reason. */
export const balanceAdjustSchema = z.object({
  amount: z
    .union([z.string(), z.number()], { error: '请填写调整金额' })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .regex(/^[+-]?\d+(\.\d{1,2})?$/, { message: '调整金额格式有误' })
        .transform((s) => (s.startsWith('-') ? -yuanToFen(s.slice(1)) : yuanToFen(s.replace(/^\+/, ''))))
        .refine((f) => f !== 0, { message: '调整金额不能为0' })
        .refine((f) => Math.abs(f) <= ADJUST_MAX_FEN, { message: '单次调整不能超过1000000.00元' }),
    ),
  reason: reasonField,
});
export type BalanceAdjustInput = z.infer<typeof balanceAdjustSchema>;

/** `POST /api/admin/members/:id/points_adjust`: signed whole points, a reason. */
export const pointsAdjustSchema = z.object({
  points: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z
      .number({ error: '请填写调整积分' })
      .int({ message: '调整积分必须是整数' })
      .refine((n) => n !== 0, { message: '调整积分不能为0' })
      .refine((n) => Math.abs(n) <= 10_000_000, { message: '单次调整不能超过10000000积分' }),
  ),
  reason: reasonField,
});
export type PointsAdjustInput = z.infer<typeof pointsAdjustSchema>;

/** `GET /api/admin/wallet/members`: search by account, company or phone. */
export const walletMembersQuerySchema = pageQuerySchema.extend({
  keyword: z.preprocess(blank, z.string().trim().max(50, { message: '关键词不能超过50个字' }).optional()),
});

/** `GET /api/admin/wallet/members` rows. */
export interface WalletMemberView {
  id: number;
  username: string;
  company: string;
  phone: string;
  balance: string;
  points: number;
}

/** Reply of the two adjustments. */
export interface WalletAdjustResult {
  member_id: number;
  before: string | number;
  after: string | number;
}
