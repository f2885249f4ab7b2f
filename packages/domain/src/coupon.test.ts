import { describe, expect, it } from 'vitest';
import {
  bestCoupon,
  couponCovers,
  couponQuote,
  type CouponLine,
  type CouponRule,
  type CouponQuote,
} from './coupon.js';

const rule = (over: Partial<CouponRule> = {}): CouponRule => ({
  kind: 'manjian',
  threshold: 10_000,
  amount: 1_000,
  rate: 1000,
  scope: 'all',
  scopeIds: [],
  ...over,
});
const line = (over: Partial<CouponLine> = {}): CouponLine => ({
  goodsId: 1,
  categoryIds: [10, 1],
  base: 5_000,
  promotional: false,
  ...over,
});

describe('couponCovers', () => {
  it.each<[string, Partial<CouponRule>, Partial<CouponLine>, boolean]>([
    ['all covers any goods', {}, {}, true],
    ['all never covers a flash-sale or combination line', {}, { promotional: true }, false],
    ['goods: listed goods', { scope: 'goods', scopeIds: [1, 2] }, {}, true],
    ['goods: other goods', { scope: 'goods', scopeIds: [2, 3] }, {}, false],
    ['goods: listed but promotional', { scope: 'goods', scopeIds: [1] }, { promotional: true }, false],
    ['categories: the goods’ own category', { scope: 'categories', scopeIds: [10] }, {}, true],
    ['categories: an ancestor', { scope: 'categories', scopeIds: [1] }, {}, true],
    ['categories: another branch', { scope: 'categories', scopeIds: [2, 20] }, {}, false],
    [
      'categories: a goods id is not a category',
      { scope: 'categories', scopeIds: [1] },
      { categoryIds: [5] },
      false,
    ],
    [
      'categories: goods without a category',
      { scope: 'categories', scopeIds: [10] },
      { categoryIds: [] },
      false,
    ],
    [
      'categories: promotional line in scope',
      { scope: 'categories', scopeIds: [10] },
      { promotional: true },
      false,
    ],
    ['brand: the goods’ brand', { scope: 'brand', scopeIds: [7] }, { brandId: 7 }, true],
    ['brand: another brand', { scope: 'brand', scopeIds: [7] }, { brandId: 8 }, false],
    ['brand: goods without a brand', { scope: 'brand', scopeIds: [7] }, { brandId: null }, false],
    ['brand: a category id is not a brand', { scope: 'brand', scopeIds: [10] }, {}, false],
    [
      'brand: promotional line of the brand',
      { scope: 'brand', scopeIds: [7] },
      { brandId: 7, promotional: true },
      false,
    ],
  ])('%s → %s', (_, r, l, covered) => {
    expect(couponCovers(rule(r), line(l))).toBe(covered);
  });
});

describe('couponQuote', () => {
  it.each<[string, Partial<CouponRule>, Partial<CouponLine>[], boolean, string | null, number, number]>([
    // name, rule, lines, usable, reason, eligible, discount
    ['满减 at the threshold exactly', {}, [{ base: 10_000 }], true, null, 10_000, 1_000],
    ['满减 above the threshold', {}, [{ base: 6_000 }, { base: 6_000 }], true, null, 12_000, 1_000],
    ['满减 one fen short', {}, [{ base: 9_999 }], false, '适用商品还差0.01元可用', 9_999, 0],
    [
      '满减 counts only lines in scope',
      { scope: 'goods', scopeIds: [2] },
      [{ base: 20_000 }, { goodsId: 2, base: 3_000 }],
      false,
      '适用商品还差70.00元可用',
      3_000,
      0,
    ],
    [
      '满减 promotional lines do not reach the threshold',
      {},
      [{ base: 5_000 }, { base: 50_000, promotional: true }],
      false,
      '适用商品还差50.00元可用',
      5_000,
      0,
    ],
    [
      'nothing in scope',
      { scope: 'categories', scopeIds: [99] },
      [{ base: 50_000 }],
      false,
      '所选商品不在该券的适用范围内',
      0,
      0,
    ],
    [
      'only promotional lines',
      {},
      [{ base: 50_000, promotional: true }],
      false,
      '所选商品不在该券的适用范围内',
      0,
      0,
    ],
    ['no lines', {}, [], false, '所选商品不在该券的适用范围内', 0, 0],
    [
      'lines at zero (not selected)',
      { threshold: 0, kind: 'cash', amount: 500 },
      [{ base: 0 }],
      false,
      '所选商品不在该券的适用范围内',
      0,
      0,
    ],
    [
      '95折 without threshold',
      { kind: 'discount', threshold: 0, amount: 0, rate: 950 },
      [{ base: 10_000 }],
      true,
      null,
      10_000,
      500,
    ],
    // Pays floor(1001 × 0.95) = 950 fen, so 51 fen come off.
    [
      '95折 floors what is paid',
      { kind: 'discount', threshold: 0, amount: 0, rate: 950 },
      [{ base: 1_001 }],
      true,
      null,
      1_001,
      51,
    ],
    [
      '88折 on in-scope lines only',
      { kind: 'discount', threshold: 0, amount: 0, rate: 880, scope: 'goods', scopeIds: [1] },
      [{ base: 10_000 }, { goodsId: 2, base: 90_000 }],
      true,
      null,
      10_000,
      1_200,
    ],
    [
      '折扣 with a threshold not reached',
      { kind: 'discount', threshold: 50_000, amount: 0, rate: 950 },
      [{ base: 49_999 }],
      false,
      '适用商品还差0.01元可用',
      49_999,
      0,
    ],
    [
      '现金券 without threshold',
      { kind: 'cash', threshold: 0, amount: 2_000 },
      [{ base: 3_000 }],
      true,
      null,
      3_000,
      2_000,
    ],
    [
      '现金券 never above the eligible amount',
      { kind: 'cash', threshold: 0, amount: 2_000 },
      [{ base: 1_234 }],
      true,
      null,
      1_234,
      1_234,
    ],
    [
      '现金券 with a threshold',
      { kind: 'cash', threshold: 10_000, amount: 2_000 },
      [{ base: 9_000 }],
      false,
      '适用商品还差10.00元可用',
      9_000,
      0,
    ],
    [
      'category coupon sums the subtree',
      { scope: 'categories', scopeIds: [1] },
      [{ base: 6_000 }, { base: 4_000, categoryIds: [11, 1] }, { base: 9_000, categoryIds: [2] }],
      true,
      null,
      10_000,
      1_000,
    ],
  ])('%s', (_, r, ls, usable, reason, eligible, discount) => {
    const q = couponQuote(
      rule(r),
      ls.map((l) => line(l)),
    );
    expect(q).toMatchObject({ usable, reason, eligible, discount });
    expect(q.discount).toBeLessThanOrEqual(q.eligible);
    expect(q.inScope).toHaveLength(ls.length);
  });

  it('reports per line whether it is in scope', () => {
    const q = couponQuote(rule({ scope: 'goods', scopeIds: [2] }), [
      line({ goodsId: 1 }),
      line({ goodsId: 2, base: 20_000 }),
      line({ goodsId: 2, promotional: true }),
    ]);
    expect(q.inScope).toEqual([false, true, false]);
  });

  it.each([1, 7, 99, 1_001, 12_345, 99_999])(
    '95折 on %i fen: discount + paid = eligible, paid floored',
    (base) => {
      const q = couponQuote(rule({ kind: 'discount', threshold: 0, amount: 0, rate: 950 }), [line({ base })]);
      expect(base - q.discount).toBe(Math.floor((base * 950) / 1000));
    },
  );
});

describe('bestCoupon', () => {
  const day = (d: number) => new Date(Date.UTC(2026, 0, d));
  const quote = (discount: number, usable = true): CouponQuote => ({
    usable,
    reason: usable ? null : '不可用',
    eligible: 100_000,
    discount,
    inScope: [true],
  });
  const opt = (id: number, discount: number, validTo: Date, usable = true) => ({
    id,
    validTo,
    quote: quote(discount, usable),
  });

  it.each<[string, ReturnType<typeof opt>[], number | null]>([
    ['none offered', [], null],
    ['the largest discount', [opt(1, 500, day(5)), opt(2, 800, day(9)), opt(3, 700, day(1))], 2],
    ['unusable options never win', [opt(1, 9_000, day(5), false), opt(2, 100, day(5))], 2],
    ['only unusable', [opt(1, 9_000, day(5), false)], null],
    ['a zero discount is no choice', [opt(1, 0, day(5))], null],
    ['tie: the one expiring first', [opt(1, 500, day(9)), opt(2, 500, day(3)), opt(3, 500, day(6))], 2],
    ['tie on expiry too: the lowest id', [opt(7, 500, day(3)), opt(4, 500, day(3)), opt(9, 500, day(3))], 4],
    ['tie order does not depend on input order', [opt(4, 500, day(3)), opt(7, 500, day(3))], 4],
    ['a larger discount beats an earlier expiry', [opt(1, 499, day(1)), opt(2, 500, day(30))], 2],
    ['earlier expiry beats a lower id', [opt(1, 500, day(10)), opt(2, 500, day(2))], 2],
  ])('%s', (_, options, expected) => {
    expect(bestCoupon(options)).toBe(expected);
  });
});
