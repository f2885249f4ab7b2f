import { describe, expect, it } from 'vitest';
import { priceCart } from './cart.js';
import { discountLabel, lineReductions } from './reductions.js';
import { testGoods, testLine } from './testing.js';

const goods = testGoods;
const line = testLine;
const discount = { ratePerMille: 940, excludedGoodsIds: [] };
const fullSpend = { id: 1, name: '满500减20', tiers: [{ amount: 50_000, reduce: 2_000 }], goodsIds: [] };
const ladder = { ladderPriceType: 1, ladderPrice: [{ number: 50, price: 1200 }] };

/** What the line pays after its full-spend share: the reductions must explain the difference. */
const explained = (p: ReturnType<typeof priceCart>['lines'][number], extra = 0) =>
  p.rawPrice * p.quantity - (p.amount - p.manjianAmount - extra);
const sum = (r: { amount: string }[]) => r.reduce((s, x) => s + Math.round(Number(x.amount) * 100), 0);

describe('lineReductions', () => {
  it('a plain line at the list price has none', () => {
    const [p] = priceCart([line(1, 10)], { now: 0 }).lines;
    expect(lineReductions(p!)).toEqual([]);
  });

  it('names the ladder tier, the 94折 and the 满减 share, adding up to what the line saves', () => {
    const cart = priceCart([line(1, 50, { goods: goods(1, ladder) })], { now: 0, discount, fullSpend });
    const p = cart.lines[0]!;
    const r = lineReductions(p, { discount, unit: '盒' });
    // 50 × (12.90 − 12.00) = 45.00; 12.00 × 94% = 11.28, 50 × 0.72 = 36.00; 564.00 ≥ 500 → 20.00.
    expect(r).toEqual([
      { kind: 'ladder', label: '阶梯价（满50盒）', amount: '45.00' },
      { kind: 'discount', label: '全场94折', amount: '36.00' },
      { kind: 'manjian', label: '满减分摊', amount: '20.00' },
    ]);
    expect(sum(r)).toBe(explained(p));
  });

  it('names a flash sale or daily special by its own name, never discounted again', () => {
    const flash = { price: 990, limit: 0, start: 0, end: 10, name: '每日特价' };
    const [p] = priceCart([line(1, 10, { flashSale: flash })], { now: 5, discount, fullSpend }).lines;
    expect(lineReductions(p!, { discount })).toEqual([{ kind: 'flash', label: '每日特价', amount: '30.00' }]);
  });

  it('a flash sale outside its window takes nothing off', () => {
    const flash = { price: 990, limit: 0, start: 0, end: 10 };
    const [p] = priceCart([line(1, 10, { flashSale: flash })], { now: 11 }).lines;
    expect(lineReductions(p!)).toEqual([]);
  });

  it('names a combination by what its items would cost one by one', () => {
    const combo = line(7, 2, { goods: goods(7, { price: 5000, zbz: 1 }), combination: { rawPrice: 5600 } });
    const [p] = priceCart([combo], { now: 0, discount }).lines;
    expect(lineReductions(p!, { discount })).toEqual([
      { kind: 'combination', label: '组合优惠', amount: '12.00' },
    ]);
  });

  it('adds the coupon and voucher shares at check-order', () => {
    const [p] = priceCart([line(1, 10)], { now: 0 }).lines;
    const r = lineReductions(p!, { couponAmount: 500, voucherAmount: 1 });
    expect(r).toEqual([
      { kind: 'coupon', label: '优惠券分摊', amount: '5.00' },
      { kind: 'voucher', label: '现金券分摊', amount: '0.01' },
    ]);
    expect(sum(r)).toBe(explained(p!, 501));
  });

  it.each([
    [940, '94折'],
    [950, '95折'],
    [955, '95.5折'],
  ])('%i per mille is %s', (rate, text) => {
    expect(discountLabel(rate)).toBe(text);
  });
});
