/**
 * The coupon centre (领券中心 /lqzx) and the operator's coupon screens (docs/api/coupons-m2.md):
 * input schemas and reply views shared by the server and both web apps.
 */
import { z } from 'zod';
import { idListSchema, idSchema, pageQuerySchema, type Paginated } from './api.js';
import { COUPON_KINDS, COUPON_SCOPES, type CouponKind, type CouponScope } from './coupon.js';
import { yuanToFen } from './money.js';
import { parseChinaTime } from './time.js';

// ── The coupon centre ──────────────────────────────────────────────────────────────────────

/** Where a coupon-centre card stands for the caller. */
export type CouponClaimState = 'claimable' | 'claimed' | 'sold_out' | 'login' | 'not_approved';

/** `GET /api/coupon/center`: one published coupon open for claiming. Money in yuan. */
export interface CouponCenterItem {
  id: number;
  name: string;
  kind: CouponKind;
  kind_text: string;
  /** Yuan: the spend it needs ('0.00' = none). */
  threshold: string;
  /** Yuan off (满减, 现金券); '0.00' for 折扣. */
  amount: string;
  /** Per mille (折扣: 950 = 9.5折); 1000 for the others. */
  rate: number;
  /** What the card shows big: '¥20' or '9.5折'. */
  face: string;
  /** '满200.00减20.00', '满500.00享9.5折', '现金券10.00元'. */
  text: string;
  scope: CouponScope;
  scope_text: string;
  /** '2026-01-01 至 2026-03-31' or '领取后30天内有效'. */
  validity_text: string;
  valid_days: number;
  description: string;
  /** 0 = no limit. */
  total: number;
  claimed: number;
  /** Left to claim; -1 when there is no limit. */
  remaining: number;
  /** Percentage claimed (0–100); 0 when there is no limit. */
  claimed_percent: number;
  per_member: number;
  /** How many of it the caller holds (0 for a visitor). */
  held: number;
  /** 1 when the caller may claim one now. */
  can_claim: number;
  state: CouponClaimState;
  /** The button: 立即领取 / 已领取 / 已领完 / 登录领取 / 审核后领取. */
  state_text: string;
  claim_ends_at: string;
}

/** `POST /api/coupon/claim`. */
export const couponClaimSchema = z.object({ template_id: idSchema });
export type CouponClaimInput = z.infer<typeof couponClaimSchema>;

/** `POST /api/coupon/claim` reply: the new member coupon and the card as it now stands. */
export interface CouponClaimView {
  coupon_id: number;
  /** 'YYYY-MM-DD HH:mm:ss', the end of the coupon's validity. */
  expires_at: string;
  item: CouponCenterItem;
}

// ── The operator's coupons ─────────────────────────────────────────────────────────────────

export const COUPON_STATUSES = {
  draft: '未发布',
  scheduled: '未开始',
  claiming: '领取中',
  sold_out: '已领完',
  ended: '已结束',
} as const;
export type CouponStatus = keyof typeof COUPON_STATUSES;

const yuan = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请填写${label}` })
    .transform((v) => String(v).trim())
    .refine((s) => /^\d{1,7}(\.\d{1,2})?$/.test(s), { message: `${label}格式有误` })
    .transform(yuanToFen);

/** '' or absent → null; else a China wall-clock time. */
const chinaTime = (label: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v == null || v.trim() === '') return null;
      const ms = parseChinaTime(v);
      if (Number.isNaN(ms)) {
        ctx.addIssue({ code: 'custom', message: `${label}格式有误（YYYY-MM-DD HH:mm:ss）` });
        return z.NEVER;
      }
      return new Date(ms);
    });

const count = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int({ message: `${label}必须是整数` })
    .min(min, { message: `${label}不能小于${min}` })
    .max(max, { message: `${label}不能大于${max}` });

/** Every field of a coupon template as the operator sends it (create: all; edit: some). */
const templateFields = {
  name: z
    .string({ error: '请填写名称' })
    .trim()
    .min(1, { message: '请填写名称' })
    .max(40, { message: '名称最多40个字' }),
  kind: z.enum(Object.keys(COUPON_KINDS) as [CouponKind, ...CouponKind[]], { error: '券类型不正确' }),
  threshold: yuan('使用门槛'),
  amount: yuan('优惠金额'),
  /** Per mille: 950 = 9.5折. */
  rate: count('折扣率', 1, 999),
  scope: z.enum(Object.keys(COUPON_SCOPES) as [CouponScope, ...CouponScope[]], { error: '适用范围不正确' }),
  scope_ids: z.preprocess(
    (v) => (v === '' || v === null || (Array.isArray(v) && v.length === 0) ? undefined : v),
    idListSchema.optional().transform((v) => v ?? []),
  ),
  valid_from: chinaTime('有效期开始'),
  valid_to: chinaTime('有效期结束'),
  valid_days: count('领取后有效天数', 0, 3650),
  total: count('发行量', 0, 10_000_000),
  per_member: count('每人限领', 1, 99),
  claim_starts_at: chinaTime('领取开始时间'),
  claim_ends_at: chinaTime('领取结束时间'),
  description: z.string().trim().max(200, { message: '说明最多200个字' }),
  published: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)], {
      error: '发布状态不正确',
    })
    .transform((v) => v === true || v === 'true' || v === '1' || v === 1),
};

/** `POST /api/admin/coupons`. Amounts in yuan; `rate` per mille (折扣 only). */
export const couponCreateSchema = z.object({
  ...templateFields,
  threshold: templateFields.threshold.default(0),
  amount: templateFields.amount.default(0),
  rate: templateFields.rate.optional(),
  scope: templateFields.scope.default('all'),
  valid_days: templateFields.valid_days.default(0),
  total: templateFields.total.default(0),
  per_member: templateFields.per_member.default(1),
  description: templateFields.description.default(''),
  published: templateFields.published.default(false),
});
export type CouponCreateInput = z.infer<typeof couponCreateSchema>;

/** `POST /api/admin/coupons/{id}`: only the fields sent change. */
export const couponEditSchema = z
  .object(
    Object.fromEntries(Object.entries(templateFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof templateFields]: z.ZodOptional<(typeof templateFields)[K]>;
    },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: '请填写要修改的内容',
    path: ['name'],
  });
export type CouponEditInput = z.infer<typeof couponEditSchema>;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** `GET /api/admin/coupons` ('' for a filter = all). */
export const couponAdminListSchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(40).optional(),
  kind: z.preprocess(
    blankToUndefined,
    z.enum(Object.keys(COUPON_KINDS) as [CouponKind, ...CouponKind[]], { error: '券类型不正确' }).optional(),
  ),
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(Object.keys(COUPON_STATUSES) as [CouponStatus, ...CouponStatus[]], { error: '状态不正确' })
      .optional(),
  ),
});
export type CouponAdminListQuery = z.infer<typeof couponAdminListSchema>;

/**
 * `POST /api/admin/coupons/{id}/issue`: to chosen members, or to a group of approved members
 * (company type and/or region; an empty group = every approved member).
 */
export const couponIssueSchema = z
  .object({
    member_ids: idListSchema.optional(),
    group: z
      .object({
        company_type: z.string().trim().max(20).optional(),
        region: z.string().trim().max(40).optional(),
      })
      .optional(),
  })
  .refine((v) => (v.member_ids === undefined) !== (v.group === undefined), {
    message: '请选择发放对象（会员或会员分组）',
    path: ['member_ids'],
  });
export type CouponIssueInput = z.infer<typeof couponIssueSchema>;

/** `POST /api/admin/coupons/{id}/issue` reply. */
export interface CouponIssueView {
  issued: number;
  /** Members passed over (already holding their limit, not approved, or the batch ran out). */
  skipped: number;
  reasons: { member_id: number; reason: string }[];
}

/** One template in the operator's list. Money in yuan. */
export interface CouponAdminView {
  id: number;
  name: string;
  kind: CouponKind;
  kind_text: string;
  threshold: string;
  amount: string;
  rate: number;
  text: string;
  scope: CouponScope;
  scope_text: string;
  scope_ids: number[];
  valid_from: string;
  valid_to: string;
  valid_days: number;
  validity_text: string;
  published: number;
  claim_starts_at: string;
  claim_ends_at: string;
  total: number;
  claimed: number;
  per_member: number;
  description: string;
  status: CouponStatus;
  status_text: string;
  /** 1 when nothing has been claimed or issued: every field may still change. */
  editable: number;
  created_at: string;
}

/** `GET /api/admin/coupons/{id}/usage`: one order that used the coupon. */
export interface CouponUsageOrder {
  order_id: number;
  order_no: string;
  member_id: number;
  company: string;
  member_coupon_id: number;
  /** Yuan taken off by this coupon. */
  discount: string;
  pay_amount: string;
  used_at: string;
}

/** `GET /api/admin/coupons/{id}/usage`. */
export interface CouponUsageView {
  coupon: CouponAdminView;
  /** Held by members in all (claimed or issued). */
  claimed: number;
  by_claim: number;
  by_issue: number;
  used: number;
  unused: number;
  expired: number;
  /** Yuan taken off in all by the orders that used it. */
  discount_total: string;
  orders: Paginated<CouponUsageOrder>;
}
