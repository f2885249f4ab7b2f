import { describe, expect, it } from 'vitest';
import { checkQuantity, fenToYuan, priceCart, type PricingGoods } from '@kc/domain';
import { LADDER_GOODS, PLAIN_GOODS, cartState, line, standardCart } from './testing/fixtures';
import { repriceLine, savings, withQuantity, withSelection } from './pricing';

describe('repricing one line in the browser', () => {
  const state = standardCart();
  const ladder = state.data[0]!;

  it.each([
    [40, '12.90', '516.00', ['not_reached', 'not_reached'], '再买10盒享12.51元/盒'],
    [50, '12.51', '625.50', ['applied', 'not_reached'], '已享12.51元/盒'],
    [200, '12.12', '2424.00', ['superseded', 'applied'], '已满50盒，已享更低价'],
  ])('%i boxes cost %s a box, %s in all, tiers %j', (n, unit, amount, states, first) => {
    const l = repriceLine(ladder, n, state);
    expect(l.number).toBe(n);
    expect(l.price).toBe(unit);
    expect(l.raw_price_manjian).toBe(amount);
    expect(l.ladder.map((t) => t.state)).toEqual(states);
    expect(l.ladder[0]!.text).toBe(first);
  });

  it('keeps the whole-store discount when it applied to the line', () => {
    const discounted = cartState([line(11, LADDER_GOODS, 40, { price: '12.12' })]);
    discounted.activity_data.discount = { rate_per_mille: 940, name: '全场94折' };
    // 12.90 × 0.94 = 12.126 → 12.12 (floored); at 50 boxes 12.51 × 0.94 = 11.7594 → 11.75.
    const l = repriceLine(discounted.data[0]!, 50, discounted);
    expect(l.price).toBe('11.75');
    expect(l.raw_price_manjian).toBe('587.50');
  });

  it('changes only the edited line object', () => {
    const next = withQuantity(state, 11, 50);
    expect(next.data[0]).not.toBe(state.data[0]);
    expect(next.data[1]).toBe(state.data[1]);
  });

  it('never selects an unavailable line', () => {
    const next = withSelection(state, new Set([11, 12, 13]), true);
    expect(next.data.map((l) => l.is_selected)).toEqual([1, 1, 0]);
  });

  it('adds up what the selected lines save against their list prices', () => {
    const cart = [line(1, LADDER_GOODS, 50), line(2, PLAIN_GOODS, 5, { raw_price: '8.00' })];
    // (12.90 − 12.51) × 50 = 19.50; the plain line saves nothing.
    expect(savings(cart)).toBe('19.50');
    expect(savings(cart.map((l) => ({ ...l, is_selected: 0 as const })))).toBe('0.00');
  });
});

describe('repricing a goods sold by the case', () => {
  // 阿莫西林 by the case of 60 (six middle packs of 10), as the cart reply carries it.
  const byCase = (stock: number) => ({ ...LADDER_GOODS, jzl: 60, round_to_case: 1 as const, number: stock });
  /** The same goods as the server prices it (fen, from the goods row: apps/server cart/load.ts). */
  const serverGoods = (stock: number): PricingGoods => ({
    id: LADDER_GOODS.id,
    price: 1290,
    ladderPrice: [
      { number: 50, price: 1251 },
      { number: 200, price: 1212 },
    ],
    ladderPriceType: 1,
    isBuy: true,
    stock,
    zbz: 10,
    jzl: 60,
    roundToCase: true,
    qgNumber: 0,
    isFreeShipping: false,
    freeShippingNumber: 0,
    isDpby: false,
    type: 0,
    bzdw: '盒',
  });
  /**
   * What `POST api/cart/{id}/edit` does (apps/server cart/edit.ts): refuses with checkQuantity's
   * message, or stores checkQuantity's number and replies the line priced alone.
   */
  function serverEdit(wanted: number, stock: number) {
    const goods = serverGoods(stock);
    const check = checkQuantity(wanted, goods);
    if (!check.ok) return { refused: check.message };
    const now = Date.now();
    const priced = priceCart([{ id: 21, goods, quantity: check.number, selected: true }], {
      now,
      fullSpend: null,
      discount: null,
    });
    return { line: priced.lines[0]! };
  }

  it.each([
    // 70 boxes round up to two cases: 120 at the 50-box tier.
    [70, 500, 120, '12.51', '1501.20', null],
    // Two cases are more than the 100 in stock: the browser tells what the server refuses with.
    [70, 100, 120, '12.51', '1501.20', '库存不足，最多可购买100盒'],
    // A whole case stays as it is.
    [60, 500, 60, '12.51', '750.60', null],
  ])(
    '%i boxes (stock %i) become %i at %s a box, %s in all',
    (wanted, stock, number, unit, amount, problem) => {
      const state = cartState([line(21, byCase(stock), 60)]);
      const l = repriceLine(state.data[0]!, wanted, state);
      expect([l.number, l.price, l.raw_price_manjian, l.quantity_problem]).toEqual([
        number,
        unit,
        amount,
        problem,
      ]);

      const server = serverEdit(wanted, stock);
      if ('refused' in server) return void expect(l.quantity_problem).toBe(server.refused);
      expect(l.number).toBe(server.line.quantity);
      expect(l.price).toBe(fenToYuan(server.line.unitPrice));
      expect(l.raw_price_manjian).toBe(fenToYuan(server.line.amount));
      expect(l.ladder).toEqual(server.line.tiers);
      expect(l.quantity_problem).toBe(server.line.quantityProblem);
    },
  );

  it('keeps the quantity asked for when the goods is not sold by the case', () => {
    const state = cartState([line(21, { ...byCase(500), round_to_case: 0 }, 60)]);
    expect(repriceLine(state.data[0]!, 70, state).number).toBe(70);
  });
});
