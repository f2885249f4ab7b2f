import { describe, expect, it } from 'vitest';
import { lineRefund, orderAmounts, pointsForOrder, type AmountLine } from './amounts.js';

/** A line of `quantity` units at `unit` fen (no promotion) with a 满减 share and coupon flag. */
const line = (
  unit: number,
  quantity: number,
  manjianAmount = 0,
  inCoupon = true,
  over: Partial<AmountLine> = {},
): AmountLine => ({
  rawPrice: unit,
  promoPrice: unit,
  quantity,
  amount: unit * quantity,
  manjianAmount,
  inCoupon,
  ...over,
});
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('orderAmounts', () => {
  it.each<
    [string, AmountLine[], { coupon: number; voucher: number; shipping: number }, number, number, number]
  >([
    // name, lines, discounts, couponAmount, voucherAmount, payable
    ['no discounts', [line(1290, 10), line(2500, 2)], { coupon: 0, voucher: 0, shipping: 0 }, 0, 0, 17_900],
    [
      'shipping is added, never discounted',
      [line(1000, 1)],
      { coupon: 0, voucher: 5_000, shipping: 1_000 },
      0,
      1_000,
      1_000,
    ],
    [
      '满减 then coupon then voucher',
      [line(30_000, 1, 1_200), line(20_000, 1, 800)],
      { coupon: 1_000, voucher: 500, shipping: 0 },
      1_000,
      500,
      46_500,
    ],
    [
      'coupon capped at the covered lines',
      [line(1_000, 1, 0, true), line(9_000, 1, 0, false)],
      { coupon: 3_000, voucher: 0, shipping: 0 },
      1_000,
      0,
      9_000,
    ],
    [
      'coupon capped after 满减',
      [line(1_000, 1, 300, true)],
      { coupon: 3_000, voucher: 0, shipping: 500 },
      700,
      0,
      500,
    ],
    [
      'voucher capped at what is left',
      [line(1_000, 1)],
      { coupon: 400, voucher: 2_000, shipping: 800 },
      400,
      600,
      800,
    ],
    [
      'nothing covered by the coupon',
      [line(5_000, 1, 0, false)],
      { coupon: 1_000, voucher: 0, shipping: 0 },
      0,
      0,
      5_000,
    ],
    [
      'negative discounts are ignored',
      [line(5_000, 1)],
      { coupon: -100, voucher: -1, shipping: 0 },
      0,
      0,
      5_000,
    ],
    [
      'odd fen shared over three lines',
      [line(333, 1), line(333, 1), line(334, 1)],
      { coupon: 100, voucher: 1, shipping: 0 },
      100,
      1,
      899,
    ],
    [
      'a voucher close to the whole on small equal lines',
      [line(667, 1), line(667, 1), line(667, 1)],
      { coupon: 0, voucher: 2_000, shipping: 0 },
      0,
      2_000,
      1,
    ],
    [
      'a coupon close to the whole on one-fen lines',
      [line(1, 1), line(1, 1), line(1, 1)],
      { coupon: 2, voucher: 0, shipping: 0 },
      2,
      0,
      1,
    ],
    ['empty order', [], { coupon: 1_000, voucher: 1_000, shipping: 1_000 }, 0, 0, 1_000],
  ])('%s', (_, lines, discounts, coupon, voucher, payable) => {
    const a = orderAmounts(lines, discounts);
    expect(a).toMatchObject({
      couponAmount: coupon,
      voucherAmount: voucher,
      payable,
      shippingAmount: discounts.shipping,
    });
    // The lines add up to the order to the fen, and none goes below zero.
    expect(sum(a.lines.map((l) => l.couponAmount))).toBe(a.couponAmount);
    expect(sum(a.lines.map((l) => l.voucherAmount))).toBe(a.voucherAmount);
    expect(sum(a.lines.map((l) => l.payAmount)) + a.shippingAmount).toBe(a.payable);
    expect(a.goodsAmount - a.manjianAmount - a.couponAmount - a.voucherAmount + a.shippingAmount).toBe(
      a.payable,
    );
    a.lines.forEach((l, i) => {
      const src = lines[i]!;
      expect(l.payAmount).toBeGreaterThanOrEqual(0);
      expect(l.couponAmount + l.voucherAmount + l.payAmount).toBe(src.amount - src.manjianAmount);
      if (!src.inCoupon) expect(l.couponAmount).toBe(0);
    });
  });

  it('shares the coupon over covered lines only and the voucher over every remainder', () => {
    const a = orderAmounts([line(6_000, 1, 0, true), line(2_000, 1, 0, false), line(2_000, 1, 0, true)], {
      coupon: 800,
      voucher: 1_000,
      shipping: 0,
    });
    expect(a.lines.map((l) => l.couponAmount)).toEqual([600, 0, 200]);
    // Remainders 5400, 2000, 1800 of 9200: 586.9…, 217.3…, 195.6… floored, the rest on the largest.
    expect(a.lines.map((l) => l.voucherAmount)).toEqual([588, 217, 195]);
    expect(a.payable).toBe(10_000 - 800 - 1_000);
  });

  it('splits list price, tier saving and the 94折 saving', () => {
    const tiered = line(1_176, 50, 0, true, { rawPrice: 1_290, promoPrice: 1_251 });
    const flash = line(300, 5, 0, false, { rawPrice: 600, promoPrice: 300 });
    const a = orderAmounts([tiered, flash], { coupon: 0, voucher: 0, shipping: 0 });
    expect(a).toMatchObject({
      listAmount: 1_290 * 50 + 600 * 5,
      tierSaving: (1_290 - 1_251) * 50 + 300 * 5,
      discountSaving: (1_251 - 1_176) * 50,
      goodsAmount: 1_176 * 50 + 300 * 5,
    });
    expect(a.listAmount - a.tierSaving - a.discountSaving).toBe(a.goodsAmount);
  });
});

describe('pointsForOrder', () => {
  it.each([
    [0, 0],
    [-500, 0],
    [99, 0],
    [100, 1],
    [199, 1],
    [12_345, 123],
    [1_000_000, 10_000],
  ])('%i fen paid → %i points', (paid, points) => {
    expect(pointsForOrder(paid)).toBe(points);
  });
});

describe('lineRefund', () => {
  it.each([
    // payAmount, quantity, alreadyReturned, number, refund
    [1_000, 10, 0, 1, 100],
    [1_000, 10, 0, 10, 1_000],
    [1_000, 3, 0, 1, 333],
    [1_000, 3, 1, 1, 333],
    [1_000, 3, 2, 1, 334],
    [1_000, 3, 0, 2, 666],
    [1_000, 3, 2, 5, 334],
    [999, 7, 0, 3, 428],
    [0, 5, 0, 5, 0],
    [1_000, 10, 0, 0, 0],
    [1_000, 0, 0, 1, 0],
    [1_000, 10, 10, 1, 0],
  ])('paid %i for %i, %i back already, %i now → %i', (pay, q, already, n, refund) => {
    expect(lineRefund(pay, q, already, n)).toBe(refund);
  });

  it.each([
    [1_000, 3, [1, 1, 1]],
    [1_001, 7, [2, 2, 3]],
    [99_999, 13, [1, 5, 4, 3]],
    [1, 4, [1, 1, 1, 1]],
    [12_345, 9, [9]],
    [7_777, 6, [5, 1]],
  ])('returning all %#: refunds of %i paid over %i units add up exactly', (pay, q, steps) => {
    let returned = 0;
    const refunds = steps.map((n) => {
      const r = lineRefund(pay, q, returned, n);
      returned += n;
      return r;
    });
    expect(refunds.every((r) => r >= 0)).toBe(true);
    expect(sum(refunds)).toBe(pay);
  });
});
