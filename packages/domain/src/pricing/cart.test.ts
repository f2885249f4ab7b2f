import { describe, expect, it } from 'vitest';
import { priceCart } from './cart.js';
import { testGoods, testLine } from './testing.js';

const goods = testGoods;
const line = testLine;
const fullSpend = {
  id: 1,
  name: '满减',
  tiers: [
    { amount: 50_000, reduce: 2_000 },
    { amount: 100_000, reduce: 5_000 },
  ],
  goodsIds: [],
};

describe('priceCart', () => {
  it.each([
    ['one plain line', [line(1, 10)], 12_900, 0, 1_500, 14_400],
    [
      'an unselected line is not counted',
      [line(1, 10), line(2, 10, { selected: false })],
      12_900,
      0,
      1_500,
      14_400,
    ],
    ['no stock forces unselected', [line(1, 10, { goods: goods(1, { stock: 0 }) })], 0, 0, 0, 0],
    ['not buyable forces unselected', [line(1, 10, { goods: goods(1, { isBuy: false }) })], 0, 0, 0, 0],
    ['a blocked line is not counted', [line(1, 10, { blockReason: '经营范围不含' })], 0, 0, 0, 0],
    ['full-spend tier reached', [line(1, 400), line(2, 10)], 528_900, 5_000, 0, 523_900],
    [
      'ladder tier lowers the unit price',
      [line(1, 50, { goods: goods(1, { ladderPriceType: 1, ladderPrice: [{ number: 50, price: 1251 }] }) })],
      62_550,
      2_000,
      1_500,
      62_050,
    ],
    [
      'flash lines are outside full-spend',
      [line(1, 500, { flashSale: { price: 300, limit: 0, start: 0, end: 10_000 } })],
      150_000,
      0,
      0,
      150_000,
    ],
    [
      'single-item free shipping',
      [line(1, 20, { goods: goods(1, { isDpby: true, freeShippingNumber: 20 }) })],
      25_800,
      0,
      0,
      25_800,
    ],
  ])('%s', (_name, lines, goodsAmount, reduction, fee, total) => {
    const c = priceCart(lines, { now: 5_000, fullSpend });
    expect([c.goodsAmount, c.fullSpendReduction, c.shipping.shippingAmount, c.total]).toEqual([
      goodsAmount,
      reduction,
      fee,
      total,
    ]);
    const shares = c.lines.reduce((s, l) => s + l.manjianAmount, 0);
    expect(shares).toBe(reduction);
  });

  it('applies 94折 per unit, floored, but not to flash lines', () => {
    const c = priceCart(
      [line(1, 10), line(2, 10, { flashSale: { price: 300, limit: 0, start: 0, end: 10_000 } })],
      { now: 1, discount: { ratePerMille: 940, excludedGoodsIds: [] } },
    );
    expect(c.lines.map((l) => [l.rawPrice, l.unitPrice, l.flashSale])).toEqual([
      [1290, 1212, false],
      [1290, 300, true],
    ]);
  });

  it('reports a changed price against the one shown', () => {
    const c = priceCart([line(1, 10, { shownPrice: 1200 }), line(2, 10, { shownPrice: 1290 })], { now: 1 });
    expect(c.lines.map((l) => l.priceChanged)).toEqual([{ old: 1200, new: 1290 }, null]);
  });

  it('flags quantities over stock without unselecting', () => {
    const c = priceCart([line(1, 20, { goods: goods(1, { stock: 15 }) })], { now: 1 });
    expect(c.lines[0]).toMatchObject({ selected: true, quantityProblem: '库存不足，最多可购买15盒' });
  });

  it('prices 300 lines in one pass with exact shares', () => {
    const lines = Array.from({ length: 300 }, (_, i) => line(i + 1, 10 * ((i % 7) + 1)));
    const c = priceCart(lines, { now: 1, fullSpend });
    expect(c.lines).toHaveLength(300);
    expect(c.lines.reduce((s, l) => s + l.manjianAmount, 0)).toBe(5_000);
    expect(c.nextTier).toBeNull();
  });
});
