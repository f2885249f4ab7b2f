/** Coupons (优惠券): kinds, the usable rule and the view shared by server and web. */
import { applyRate, fenToYuan, type Fen } from './money.js';

export const COUPON_KINDS = { manjian: '满减', discount: '折扣', cash: '现金券' } as const;
export type CouponKind = keyof typeof COUPON_KINDS;
export type CouponScope = 'all' | 'categories' | 'brand' | 'goods';
/** The scopes as the buyer and the operator read them. */
export const COUPON_SCOPES: Record<CouponScope, string> = {
  all: '全场通用',
  categories: '指定分类',
  brand: '指定品牌',
  goods: '指定商品',
};
export type MemberCouponStatus = 'unused' | 'used' | 'expired';

/** `GET api/user/couponNum`. */
export interface CouponNumView {
  num: number;
}

/**
 * True when a member coupon can be used at `now`: unused, started and not past its end.
 */
export function isCouponUsable(
  c: { status: MemberCouponStatus; validFrom: Date; validTo: Date },
  now: Date,
): boolean {
  return c.status === 'unused' && c.validFrom <= now && now <= c.validTo;
}

/** A coupon's rule as the order pricing sees it; amounts in fen, `rate` per mille. */
export interface CouponRule {
  kind: CouponKind;
  /** Minimum eligible amount (0 = none). */
  threshold: Fen;
  /** Money off (满减, 现金券). */
  amount: Fen;
  /** Discount rate per mille (折扣: 950 = 95折). */
  rate: number;
  scope: CouponScope;
  /** Category ids (scope 'categories', matching any category on the goods' path), brand ids or goods ids. */
  scopeIds: readonly number[];
}

/** One order line as a coupon sees it. */
export interface CouponLine {
  goodsId: number;
  /** The goods' category and its ancestors. */
  categoryIds: readonly number[];
  /** The goods' brand (null: none, or not looked up because no held coupon is brand-scoped). */
  brandId?: number | null;
  /** What is left to discount on the line (its amount less its full-spend share). */
  base: Fen;
  /** Flash-sale and combination lines are already promotions: coupons do not apply. */
  promotional: boolean;
}

/** What a coupon would do to a selection. */
export interface CouponQuote {
  usable: boolean;
  /** Why it cannot be used, in the buyer's words; null when usable. */
  reason: string | null;
  /** Sum of the bases of the lines in scope. */
  eligible: Fen;
  /** Money off, floored to the fen and never more than `eligible`. */
  discount: Fen;
  /** Per line: whether it is in the coupon's scope. */
  inScope: boolean[];
}

/** Whether a line falls inside a coupon's scope. */
export function couponCovers(rule: CouponRule, line: CouponLine): boolean {
  if (line.promotional) return false;
  if (rule.scope === 'all') return true;
  if (rule.scope === 'goods') return rule.scopeIds.includes(line.goodsId);
  if (rule.scope === 'brand') return line.brandId != null && rule.scopeIds.includes(line.brandId);
  return line.categoryIds.some((c) => rule.scopeIds.includes(c));
}

/**
 * Prices a coupon against a selection: the in-scope amount must reach the threshold
 * (满减, and 现金券 with a threshold); 满减 and 现金券 take their amount off, 折扣 takes
 * `eligible × (1 − rate)` floored; no coupon takes off more than the lines in its scope.
 */
export function couponQuote(rule: CouponRule, lines: readonly CouponLine[]): CouponQuote {
  const inScope = lines.map((l) => couponCovers(rule, l));
  const eligible = lines.reduce((s, l, i) => (inScope[i] ? s + l.base : s), 0);
  const refuse = (reason: string): CouponQuote => ({ usable: false, reason, eligible, discount: 0, inScope });
  if (eligible <= 0) return refuse('所选商品不在该券的适用范围内');
  if (eligible < rule.threshold) {
    const short = rule.threshold - eligible;
    return refuse(`适用商品还差${fenToYuan(short)}元可用`);
  }
  const raw = rule.kind === 'discount' ? eligible - applyRate(eligible, rule.rate) : rule.amount;
  return { usable: true, reason: null, eligible, discount: Math.min(raw, eligible), inScope };
}

/**
 * The id of the option that takes the most off (ties: the one that expires first, then the
 * lowest id), or null when none is usable.
 */
export function bestCoupon<T extends { id: number; validTo: Date; quote: CouponQuote }>(
  options: readonly T[],
): number | null {
  let best: T | null = null;
  for (const o of options) {
    if (!o.quote.usable || o.quote.discount <= 0) continue;
    if (
      !best ||
      o.quote.discount > best.quote.discount ||
      (o.quote.discount === best.quote.discount &&
        (o.validTo < best.validTo || (o.validTo.getTime() === best.validTo.getTime() && o.id < best.id)))
    )
      best = o;
  }
  return best?.id ?? null;
}
