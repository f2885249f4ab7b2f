/**
 * The points mall (积分商城, /jfsc) and its orders (积分订单, /jfdd): the gifts a member
 * redeems with points, the redemption rule, the input schemas of the storefront and the back
 * office, and the reply types (docs/api/points-m4.md).
 */
import { z } from 'zod';
import { MAX_ID, idSchema, pageQuerySchema, type Paginated } from './api.js';
import { MAX_QUANTITY } from './inputs.js';
import type { OrderStatus } from './order/status.js';

/** Most units of one gift in one redemption. */
export const MAX_REDEEM_NUMBER = 99;
/** Below this many left a gift shows 库存紧张. */
export const POINTS_LOW_STOCK = 10;

export type GiftStockState = 'in_stock' | 'low' | 'sold_out';
export const GIFT_STOCK_TEXT: Record<GiftStockState, string> = {
  in_stock: '有货',
  low: '库存紧张',
  sold_out: '已兑完',
};

/** A gift's stock as the mall shows it. */
export function giftStockState(stock: number): GiftStockState {
  return stock <= 0 ? 'sold_out' : stock <= POINTS_LOW_STOCK ? 'low' : 'in_stock';
}

/** What a redemption is judged on, read under the locks of the member and the gift. */
export interface RedeemCheck {
  onSale: boolean;
  stock: number;
  /** Per-member limit (0: none) and what the member already holds (not cancelled). */
  perMember: number;
  already: number;
  /** The gift's price and the member's points. */
  cost: number;
  points: number;
  number: number;
}

/**
 * Why a redemption is refused, in the member's words, or null when it may go ahead. The
 * order: on sale, stock, per-member limit, points.
 */
export function redeemRefusal(c: RedeemCheck): string | null {
  if (!c.onSale) return '该礼品已下架';
  if (c.stock <= 0) return '该礼品已兑完';
  if (c.number > c.stock) return `库存不足，仅剩${c.stock}件`;
  if (c.perMember > 0 && c.already + c.number > c.perMember) {
    const left = Math.max(0, c.perMember - c.already);
    return left > 0 ? `每人限兑${c.perMember}件，您还可兑换${left}件` : `每人限兑${c.perMember}件，您已兑满`;
  }
  if (c.points < c.cost * c.number) return `积分不足，需要${c.cost * c.number}积分，当前${c.points}积分`;
  return null;
}

// ── inputs ───────────────────────────────────────────────────────────────────────────────────

const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int({ message: `${label}必须是整数` })
    .min(min, { message: `${label}不能小于${min}` })
    .max(max, { message: `${label}不能大于${max}` });
const text = (label: string, max: number) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: `${label}格式有误` })
      .trim()
      .max(max, { message: `${label}不能超过${max}个字` }),
  );
const flag = z.preprocess(
  (v) => (v === '1' || v === 'true' || v === 1 ? true : v === '0' || v === 'false' || v === 0 ? false : v),
  z.boolean({ error: '开关只能是0或1' }),
);
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `GET /api/points/goods`: page, and `affordable=1` for what the member's points cover. */
export const pointsGoodsQuerySchema = pageQuerySchema.extend({
  affordable: z.preprocess(blank, flag.optional()),
});
export type PointsGoodsQuery = z.infer<typeof pointsGoodsQuerySchema>;

/** An id that must be there (refined before the id, so an absent one is refused too). */
const required = (ask: string) =>
  z.preprocess(
    blank,
    z
      .unknown()
      .refine((v): boolean => v !== undefined, { message: ask })
      .pipe(idSchema),
  );

/** `POST /api/points/redeem`. The idempotency key comes as a header or `idempotency_key`. */
export const redeemSchema = z.object({
  goods_id: required('请选择礼品'),
  number: z.preprocess((v) => (v === '' || v == null ? 1 : v), int('兑换数量', 1, MAX_REDEEM_NUMBER)),
  address_id: required('请选择收货地址'),
  idempotency_key: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[\w-]{8,64}$/, { message: '请求标识格式有误' })
      .optional(),
  ),
});
export type RedeemInput = z.infer<typeof redeemSchema>;

/** `GET /api/points/orders` (member) and `GET /api/admin/points/orders`: status filter. */
export const pointsOrderQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    (v) => (v === '' || v === 'all' || v == null ? undefined : v),
    int('订单状态', 0, 4).optional(),
  ),
  keywords: text('关键词', 50),
});
export type PointsOrderQuery = z.infer<typeof pointsOrderQuerySchema>;

/** `GET /api/admin/points/goods`. */
export const adminPointsGoodsQuerySchema = pageQuerySchema.extend({
  keywords: text('关键词', 50),
  on_sale: z.preprocess(blank, flag.optional()),
});
export type AdminPointsGoodsQuery = z.infer<typeof adminPointsGoodsQuerySchema>;

/** `POST /api/admin/points/goods` and `POST /api/admin/points/goods/:id`: a gift. */
export const pointsGoodsInputSchema = z.object({
  name: z
    .string({ error: '请输入礼品名称' })
    .trim()
    .min(1, { message: '请输入礼品名称' })
    .max(60, { message: '礼品名称不能超过60个字' }),
  image: text('图片地址', 500).refine((s) => s === '' || /^(https?:\/\/|\/)\S+$/.test(s), {
    message: '图片地址须以http://、https://或/开头',
  }),
  description: text('礼品说明', 500),
  points: int('所需积分', 1, 10_000_000),
  stock: int('库存', 0, MAX_QUANTITY),
  per_member: z.preprocess(
    (v) => (v === '' || v == null ? 0 : v),
    int('每人限兑', 0, MAX_REDEEM_NUMBER * 10),
  ),
  on_sale: z.preprocess((v) => (v === '' || v == null ? true : v), flag),
  goods_id: z.preprocess((v) => (v === '' || v == null ? 0 : v), int('关联商品', 0, MAX_ID)),
  sort: z.preprocess((v) => (v === '' || v == null ? 0 : v), int('排序', 0, 9999)),
});
export type PointsGoodsInput = z.infer<typeof pointsGoodsInputSchema>;

/** `POST /api/admin/points/orders/:id/cancel`. */
export const cancelPointsOrderSchema = z.object({
  reason: z
    .string({ error: '请填写取消原因' })
    .trim()
    .min(1, { message: '请填写取消原因' })
    .max(100, { message: '取消原因不能超过100个字' }),
});

// ── replies ──────────────────────────────────────────────────────────────────────────────────

/** A gift in the mall (`GET /api/points/goods`, `GET /api/points/goods/:id`). */
export interface PointsGoodsView {
  id: number;
  name: string;
  image: string;
  description: string;
  points: number;
  stock: number;
  stock_state: GiftStockState;
  stock_text: string;
  /** 0: no limit. */
  per_member: number;
  redeemed: number;
  /** The catalogue goods it is (0: a gift of its own). */
  goods_id: number;
  /** 1 when the member's points cover one; 0 for a visitor or too few points. */
  affordable: 0 | 1;
}

/** The mall list: the paginated gifts and the member's points (null for a visitor). */
export type PointsGoodsListView = Paginated<PointsGoodsView> & { my_points: number | null };

/** Back office: a gift with its sale flag and catalogue link. */
export interface AdminPointsGoodsView extends Omit<PointsGoodsView, 'affordable'> {
  on_sale: 0 | 1;
  sort: number;
  goods_name: string;
  created_at: string;
}

/** `POST /api/points/redeem`'s reply. */
export interface RedeemedView {
  order_id: number;
  order_no: string;
  points: number;
  points_left: number;
  status: OrderStatus;
  status_text: string;
}

/** A points order as /jfdd and the back office show it, with its address and shipping. */
export interface PointsOrderRowView {
  id: number;
  order_no: string;
  status: OrderStatus;
  status_text: string;
  created_at: string;
  points: number;
  lines: { gift_id: number; name: string; number: number; image: string; points: number }[];
  address: { consignee: string; phone: string; region: string; address: string };
  carrier: string;
  tracking_no: string;
  shipped_at: string;
  cancelled_at: string;
  cancel_reason: string;
}

/** Back office: the same with the member. */
export interface AdminPointsOrderRowView extends PointsOrderRowView {
  member_id: number;
  company: string;
  username: string;
}
