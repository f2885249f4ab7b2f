import { fenToYuan, type Fen } from '../money.js';
import type { StoreDiscount } from './discount.js';
import type { PricedLine } from './line.js';

/** The kinds of reduction a line can carry, in the order they are taken off. */
export type ReductionKind =
  'ladder' | 'flash' | 'combination' | 'discount' | 'manjian' | 'coupon' | 'voucher';

/** One reduction named on a cart, drawer or check-order line: what it is and what it took off. */
export interface ReductionView {
  kind: ReductionKind;
  /** 阶梯价（满30盒）, 限时秒杀, 组合优惠, 94折, 满减分摊, 优惠券分摊, 现金券分摊. */
  label: string;
  /** Yuan taken off the line ("3.00"). */
  amount: string;
}

/** What only the caller knows: the running discount (its rate names it) and the coupon shares. */
export interface ReductionContext {
  discount?: StoreDiscount | null;
  /** Unit of the goods (盒), for the ladder label. */
  unit?: string;
  /** The line's share of the coupon and of the cash voucher (check-order only). */
  couponAmount?: Fen;
  voucherAmount?: Fen;
}

/** The discount as the shop names it: 940 per mille is 94折, 955 is 95.5折 (as the check-order page says). */
export function discountLabel(ratePerMille: number): string {
  const tenths = ratePerMille / 10;
  return `${Number.isInteger(tenths) ? tenths : tenths.toFixed(1)}折`;
}

/**
 * Every reduction of a priced line, each with its name and amount, from the list price down to
 * what the line pays: the price it got (ladder tier, flash sale or daily special, combination),
 * the whole-store discount, its share of the 满减, and at check-order its coupon and voucher
 * shares. The amounts add up to list × quantity − what the line pays; zero ones are left out.
 */
export function lineReductions(p: PricedLine, ctx: ReductionContext = {}): ReductionView[] {
  const out: ReductionView[] = [];
  const add = (kind: ReductionKind, label: string, fen: Fen) => {
    if (fen > 0) out.push({ kind, label, amount: fenToYuan(fen) });
  };
  const q = p.quantity;
  const promo = (p.rawPrice - p.promoPrice) * q;
  if (p.priceSource === 'ladder') add('ladder', `阶梯价（满${p.tierNumber}${ctx.unit ?? ''}）`, promo);
  else if (p.priceSource === 'flash') add('flash', p.flashName || '秒杀价', promo);
  else if (p.priceSource === 'combination') add('combination', '组合优惠', promo);
  if (p.unitPrice < p.promoPrice) {
    const rate = ctx.discount?.ratePerMille;
    add('discount', rate ? `全场${discountLabel(rate)}` : '全场折扣', (p.promoPrice - p.unitPrice) * q);
  }
  add('manjian', '满减分摊', p.manjianAmount);
  add('coupon', '优惠券分摊', ctx.couponAmount ?? 0);
  add('voucher', '现金券分摊', ctx.voucherAmount ?? 0);
  return out;
}
