import { describe, expect, it } from 'vitest';
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
