import type { Fen } from '../money.js';
import { prorate } from '../pricing/full-spend.js';

/** One priced order line as the breakdown needs it (fen). */
export interface AmountLine {
  /** List unit price before any promotion. */
  rawPrice: Fen;
  /** Best unit price before the whole-store discount. */
  promoPrice: Fen;
  quantity: number;
  /** Unit price charged × quantity. */
  amount: Fen;
  /** The line's share of the full-spend reduction. */
  manjianAmount: Fen;
  /** Whether the chosen coupon covers the line (couponQuote's inScope). */
  inCoupon: boolean;
}

/** The check-order breakdown and what each line finally pays; all fen. */
export interface OrderAmounts {
  /** Σ list price × quantity. */
  listAmount: Fen;
  /** Ladder tiers, flash prices and combinations: list amount less promo prices. */
  tierSaving: Fen;
  /** The whole-store discount (94折). */
  discountSaving: Fen;
  /** Σ line amounts: what the goods cost after tiers and 94折. */
  goodsAmount: Fen;
  manjianAmount: Fen;
  couponAmount: Fen;
  voucherAmount: Fen;
  shippingAmount: Fen;
  /** goods − 满减 − coupon − voucher + shipping. */
  payable: Fen;
  /** Per line: its coupon share, voucher share and what it pays (amount − 满减 − coupon − voucher). */
  lines: { couponAmount: Fen; voucherAmount: Fen; payAmount: Fen }[];
}

/**
 * Composes the order's amounts. The coupon is shared over the lines it covers in proportion
 * to what is left on them after 满减; the cash voucher then over every line's remainder;
 * each share floored with the remainder on the largest line (prorate), so the lines add up
 * to the order to the fen. Neither can take a line below zero. Shipping is charged on the
 * goods after 满减 (the cart's rule) and is never discounted.
 */
export function orderAmounts(
  lines: readonly AmountLine[],
  discounts: { coupon: Fen; voucher: Fen; shipping: Fen },
): OrderAmounts {
  let listAmount = 0;
  let promoAmount = 0;
  let goodsAmount = 0;
  let manjianAmount = 0;
  for (const l of lines) {
    listAmount += l.rawPrice * l.quantity;
    promoAmount += l.promoPrice * l.quantity;
    goodsAmount += l.amount;
    manjianAmount += l.manjianAmount;
  }
  const afterManjian = lines.map((l) => Math.max(0, l.amount - l.manjianAmount));
  const couponBase = afterManjian.map((a, i) => (lines[i]?.inCoupon ? a : 0));
  const couponAmount = Math.min(
    Math.max(0, discounts.coupon),
    couponBase.reduce((s, a) => s + a, 0),
  );
  const couponShares = shareOut(couponAmount, couponBase);
  const afterCoupon = afterManjian.map((a, i) => a - (couponShares[i] ?? 0));
  const voucherAmount = Math.min(
    Math.max(0, discounts.voucher),
    afterCoupon.reduce((s, a) => s + a, 0),
  );
  const voucherShares = shareOut(voucherAmount, afterCoupon);
  const out = lines.map((_, i) => ({
    couponAmount: couponShares[i] ?? 0,
    voucherAmount: voucherShares[i] ?? 0,
    payAmount: (afterCoupon[i] ?? 0) - (voucherShares[i] ?? 0),
  }));
  const goodsPay = out.reduce((s, l) => s + l.payAmount, 0);
  return {
    listAmount,
    tierSaving: Math.max(0, listAmount - promoAmount),
    discountSaving: Math.max(0, promoAmount - goodsAmount),
    goodsAmount,
    manjianAmount,
    couponAmount,
    voucherAmount,
    shippingAmount: discounts.shipping,
    payable: goodsPay + discounts.shipping,
    lines: out,
  };
}

/**
 * prorate, except that no share exceeds its base: flooring gives the remainder to the largest
 * line, which on small lines with an amount close to their total (a 20.00 voucher on three
 * 6.67 lines) would take it below zero; the excess moves to lines that still have room.
 * `amount` must not exceed the sum of `bases`.
 */
function shareOut(amount: Fen, bases: readonly Fen[]): Fen[] {
  const shares = prorate(amount, bases);
  let excess = 0;
  shares.forEach((s, i) => {
    const base = bases[i] ?? 0;
    if (s > base) {
      excess += s - base;
      shares[i] = base;
    }
  });
  for (let i = 0; excess > 0 && i < shares.length; i++) {
    const take = Math.min(excess, (bases[i] ?? 0) - (shares[i] ?? 0));
    shares[i] = (shares[i] ?? 0) + take;
    excess -= take;
  }
  return shares;
}

/** Points earned when an order completes: one point per whole yuan paid for goods. */
export function pointsForOrder(goodsPaid: Fen): number {
  return goodsPaid > 0 ? Math.floor(goodsPaid / 100) : 0;
}

/**
 * The refund for returning `number` of a line's `quantity` units that paid `payAmount`:
 * the whole pay amount for the last units, else a floored share.
 */
export function lineRefund(payAmount: Fen, quantity: number, alreadyReturned: number, number: number): Fen {
  if (number <= 0 || quantity <= 0) return 0;
  if (alreadyReturned + number >= quantity) {
    const before = Math.floor((payAmount * alreadyReturned) / quantity);
    return payAmount - before;
  }
  return (
    Math.floor((payAmount * (alreadyReturned + number)) / quantity) -
    Math.floor((payAmount * alreadyReturned) / quantity)
  );
}
