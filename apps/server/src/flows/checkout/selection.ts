import {
  bestCoupon,
  couponQuote,
  orderAmounts,
  type CouponLine,
  type CouponQuote,
  type OrderAmounts,
  type PricedCart,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError, business } from '../../platform/errors.js';
import { problemsOf } from '../../modules/cart/problems.js';
import type { LoadedCart } from '../../modules/cart/load.js';
import { priceLoaded } from '../../modules/cart/state.js';
import { couponLinesFor } from './coupons.js';
import { couponRule, type HeldCoupon } from '../../modules/promotion/service.js';

/** A coupon choice from the request: undefined = the best one, 0 = none, else a member coupon id. */
export type CouponChoice = number | undefined;

/** One slot's (coupon or voucher) held options priced against the selection, and the one applied. */
export interface SlotPricing {
  options: { coupon: HeldCoupon; quote: CouponQuote }[];
  chosen: { coupon: HeldCoupon; quote: CouponQuote } | null;
}

/** A cart selection priced as an order. */
export interface PricedSelection {
  chosenIds: number[];
  priced: PricedCart;
  couponLines: CouponLine[];
  coupon: SlotPricing;
  voucher: SlotPricing;
  amounts: OrderAmounts;
}

/** The line ids to order: the ones asked for (all must be the member's), else the selection. */
export function chosenLineIds(cart: LoadedCart, ids: number[] | undefined): Set<number> {
  const own = new Set(cart.lines.map((l) => l.row.id));
  const missing = (ids ?? []).filter((id) => !own.has(id));
  if (missing.length > 0) throw new AppError('notFound', '购物车中没有该商品', undefined, { ids: missing });
  const chosen = new Set(ids ?? cart.lines.filter((l) => l.row.isSelected).map((l) => l.row.id));
  if (chosen.size === 0) throw business('请选择要结算的商品');
  return chosen;
}

/** Refuses a selection with a line that cannot be ordered (block, unavailable, quantity). */
export function assertOrderable(cart: LoadedCart, priced: PricedCart, chosen: ReadonlySet<number>): void {
  // A list price that moved is no refusal here: the order charges today's price and the
  // buyer's expected payable catches the difference.
  const problems = problemsOf(cart, priced, chosen)
    .filter((p) => p.reason !== 'price_changed')
    .map((p) => {
      const i = cart.lines.findIndex((l) => l.row.id === p.id);
      const soldOut = priced.lines[i]?.eligibility.reason === 'no_stock';
      return soldOut ? { ...p, message: `库存不足：${p.name}已售罄` } : p;
    });
  if (problems.length > 0)
    throw new AppError('business', problems[0]?.message ?? '无法结算', undefined, { problems });
}

function pickSlot(held: HeldCoupon[], lines: CouponLine[], choice: CouponChoice, label: string): SlotPricing {
  const options = held.map((coupon) => ({ coupon, quote: couponQuote(couponRule(coupon), lines) }));
  if (choice === 0) return { options, chosen: null };
  if (choice === undefined) {
    const best = bestCoupon(
      options.map((o) => ({ id: o.coupon.id, validTo: o.coupon.validTo, quote: o.quote })),
    );
    return { options, chosen: options.find((o) => o.coupon.id === best) ?? null };
  }
  const chosen = options.find((o) => o.coupon.id === choice);
  if (!chosen) throw business(`该${label}不可用或已使用`);
  if (!chosen.quote.usable) throw business(chosen.quote.reason ?? `该${label}不可用`);
  return { options, chosen };
}

/**
 * Prices the chosen lines of a loaded cart as an order: the cart engine's lines, the coupon
 * and the cash voucher (the best of each unless the buyer chose), and the amounts. `held`
 * are the member's usable coupons and vouchers (locked by the caller when it will use them).
 */
export async function priceSelection(
  db: Queryable,
  cart: LoadedCart,
  chosen: ReadonlySet<number>,
  held: { coupons: HeldCoupon[]; vouchers: HeldCoupon[] },
  choice: { coupon: CouponChoice; voucher: CouponChoice },
  now: Date,
): Promise<PricedSelection> {
  const priced = priceLoaded(cart, now, chosen);
  const needLines = held.coupons.length > 0 || held.vouchers.length > 0;
  const brands =
    held.coupons.some((c) => c.scope === 'brand') || held.vouchers.some((c) => c.scope === 'brand');
  const couponLines = needLines ? await couponLinesFor(db, cart, priced, { brands }) : [];
  const coupon = pickSlot(held.coupons, couponLines, choice.coupon, '优惠券');
  const voucher = pickSlot(held.vouchers, couponLines, choice.voucher, '现金券');
  const inCoupon = coupon.chosen?.quote.inScope ?? [];
  const lines = priced.lines
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.selected)
    .map(({ p, i }) => ({
      rawPrice: p.rawPrice,
      promoPrice: p.promoPrice,
      quantity: p.quantity,
      amount: p.amount,
      manjianAmount: p.manjianAmount,
      inCoupon: inCoupon[i] ?? false,
    }));
  const amounts = orderAmounts(lines, {
    coupon: coupon.chosen?.quote.discount ?? 0,
    voucher: voucher.chosen?.quote.discount ?? 0,
    shipping: priced.shipping.shippingAmount,
  });
  return { chosenIds: [...chosen], priced, couponLines, coupon, voucher, amounts };
}
