import { describe, expect, it } from 'vitest';
import { combinationAsGoods } from './combination.js';
import { discountedUnitPrice } from './discount.js';
import { lineEligibility } from './eligibility.js';
import { applyFlashSale, FLASH_SALE_TAG } from './flash-sale.js';
import { freeShippingTag, singleItemFreeShipping } from './free-shipping.js';
import { fullSpendReduction, fullSpendTierViews, nextFullSpendTier, prorate } from './full-spend.js';
import { lineGift } from './gift.js';
import { quoteShipping } from './shipping.js';

describe('flash sale (type 1)', () => {
  const sale = { price: 300, limit: 5, start: 1000, end: 2000 };
  it.each([
    [999, 1, null, 0],
    [1000, 1, 300, 0],
    [1999, 5, 300, 0],
    [1500, 8, 300, 3],
    [2000, 1, null, 0],
  ])('at %i with %i units: price %s, over the limit by %i', (now, q, price, over) => {
    const r = applyFlashSale(sale, q, now);
    expect(r.price).toBe(price);
    expect(r.overLimit).toBe(over);
    expect(r.tags).toEqual(price === null ? [] : [FLASH_SALE_TAG]);
  });
  it('tags flash lines with a hidden tag', () => {
    expect(FLASH_SALE_TAG.is_show).toBe(0);
  });
});

describe('94折 whole-store discount', () => {
  const d = { ratePerMille: 940, excludedGoodsIds: [9] };
  it.each([
    [1299, 1, false, false, 1221],
    [1000, 1, false, false, 940],
    [1, 1, false, false, 0],
    [1299, 9, false, false, 1299],
    [1299, 1, true, false, 1299],
    [1299, 1, false, true, 1299],
  ])('%i fen, goods %i, flash %s, combination %s → %i', (price, goodsId, flashSale, combination, out) => {
    expect(discountedUnitPrice(price, d, { goodsId, flashSale, combination })).toBe(out);
  });
  it('leaves prices alone without a running discount', () => {
    expect(discountedUnitPrice(1299, null, { goodsId: 1, flashSale: false, combination: false })).toBe(1299);
  });
});

describe('gifts', () => {
  const rule = { buy: 10, give: 1, type: 1 as const, name: '同品' };
  it.each([
    [9, 0],
    [10, 1],
    [29, 2],
    [100, 10],
  ])('%i units earn %i', (q, total) => {
    expect(lineGift(rule, q)).toEqual({ total, type: 1, name: '同品' });
  });
  it('has type 0 without a rule', () => {
    expect(lineGift(null, 50)).toEqual({ total: 0, type: 0, name: '' });
  });
});

describe('combination (type 3)', () => {
  it.each([
    [[100, 100], [true, true], 50, true],
    [[100, 3], [true, true], 1, true],
    [[100, 100], [true, false], 50, false],
    [[0, 100], [true, true], 0, true],
  ])('stocks %o, buyable %o → %i sets', (stocks, buys, sets, isBuy) => {
    const c = {
      id: 1,
      name: '感冒组合',
      price: 3000,
      items: [
        { goodsId: 1, number: 2, price: 1000, stock: stocks[0] ?? 0, isBuy: buys[0] ?? false },
        { goodsId: 2, number: 2, price: 800, stock: stocks[1] ?? 0, isBuy: buys[1] ?? false },
      ],
    };
    expect(combinationAsGoods(c)).toEqual({ stock: sets, isBuy, rawPrice: 3600, price: 3000 });
  });
});

describe('full-spend (满减)', () => {
  const tiers = [
    { amount: 50_000, reduce: 2_000 },
    { amount: 100_000, reduce: 5_000 },
    { amount: 200_000, reduce: 12_000 },
  ];
  it.each([
    [0, 0],
    [49_999, 0],
    [50_000, 2_000],
    [150_000, 5_000],
    [300_000, 12_000],
  ])('%i fen earn %i off', (eligible, reduce) => {
    expect(fullSpendReduction(tiers, eligible)).toBe(reduce);
  });
  it.each([
    [10_000, [0, 0, 0], ['500.00', '1000.00', '2000.00']],
    [120_000, [1, 1, 0], ['1000.00', '500.00', '2000.00']],
    [250_000, [1, 1, 1], ['2000.00', '1000.00', '500.00']],
  ])('at %i fen the reached tiers come first', (eligible, statuses, amounts) => {
    const v = fullSpendTierViews(tiers, eligible);
    expect(v.map((t) => t.status)).toEqual(statuses);
    expect(v.map((t) => t.amount)).toEqual(amounts);
  });
  it.each([
    [10_000, 50_000, 40_000],
    [120_000, 200_000, 80_000],
    [200_000, null, null],
  ])('at %i the next tier is %s, %s more', (eligible, amount, missing) => {
    const n = nextFullSpendTier(tiers, eligible);
    expect(n?.tier.amount ?? null).toBe(amount);
    expect(n?.missing ?? null).toBe(missing);
  });
  it.each([
    [2_000, [30_000, 20_000], [1_200, 800]],
    [1_000, [100, 100, 100], [334, 333, 333]],
    [100, [33_333, 33_333, 33_334], [33, 33, 34]],
    [0, [5_000], [0]],
  ])('shares %i over %o as %o', (reduce, amounts, shares) => {
    const s = prorate(reduce, amounts);
    expect(s.reduce((a, b) => a + b, 0)).toBe(reduce);
    expect(s).toEqual(shares);
  });
});

describe('free shipping and shipping fee', () => {
  const g = { isFreeShipping: true, isDpby: false, freeShippingNumber: 20 };
  it.each([
    [5, '再买15盒包邮'],
    [20, '已满足包邮'],
    [40, '已满足包邮'],
  ])('%i units: %s', (q, text) => {
    expect(freeShippingTag(g, q)?.describe).toBe(text);
  });
  it('has no tag for other goods', () => {
    expect(freeShippingTag({ isFreeShipping: false, isDpby: false, freeShippingNumber: 0 }, 5)).toBeNull();
  });
  it.each([
    [true, 20, true],
    [true, 19, false],
    [false, 20, false],
  ])('single-item free shipping: selected %s, %i units → %s', (selected, quantity, free) => {
    const goods = { isFreeShipping: false, isDpby: true, freeShippingNumber: 20 };
    expect(singleItemFreeShipping([{ selected, quantity, goods }])).toBe(free);
  });
  it.each([
    [0, false, 0, 0],
    [10_000, false, 1_500, 70_000],
    [79_999, false, 1_500, 1],
    [80_000, false, 0, 0],
    [10_000, true, 0, 0],
  ])('payable %i, single-item %s → fee %i, short %i', (payable, single, fee, short) => {
    const q = quoteShipping(payable, single);
    expect([q.shippingAmount, q.shortAmount, q.noTransOrderAmount]).toEqual([fee, short, 80_000]);
  });
});

describe('selection eligibility', () => {
  it.each([
    [true, 10, null, true, null],
    [false, 10, null, false, 'not_buyable'],
    [true, 0, null, false, 'no_stock'],
    [true, -1, null, false, 'no_stock'],
    [true, 10, '您的经营范围不包含“生物制品”，暂不能购买', false, 'blocked'],
  ])('is_buy %s, stock %i, block %s', (isBuy, stock, block, selectable, reason) => {
    const e = lineEligibility(isBuy, stock, block);
    expect([e.selectable, e.reason]).toEqual([selectable, reason]);
  });
});
