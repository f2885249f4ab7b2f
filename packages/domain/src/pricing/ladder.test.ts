import { describe, expect, it } from 'vitest';
import { describeTiers, reachedTier } from './ladder.js';

const tiers = [
  { number: 50, price: 1251 },
  { number: 200, price: 1212 },
];

describe('reachedTier', () => {
  it.each([
    [1, 10, null],
    [1, 49, null],
    [1, 50, 1251],
    [1, 199, 1251],
    [1, 200, 1212],
    [1, 1000, 1212],
    [0, 500, null],
    [7, 500, null],
  ])('ladder_price_type %i, %i units → tier price %s', (type, quantity, price) => {
    expect(reachedTier(type, tiers, quantity)?.price ?? null).toBe(price);
  });
});

describe('describeTiers', () => {
  it.each([
    [30, 1290, ['not_reached', 'not_reached'], ['再买20盒享12.51元/盒', '再买170盒享12.12元/盒']],
    [50, 1251, ['applied', 'not_reached'], ['已享12.51元/盒', '再买150盒享12.12元/盒']],
    [200, 1212, ['superseded', 'applied'], ['已满50盒，已享更低价', '已享12.12元/盒']],
    // A flash price of 9.90 beats every tier.
    [60, 990, ['superseded', 'not_reached'], ['已满50盒，已享更低价', '再买140盒享12.12元/盒']],
  ])('%i units at %i fen', (quantity, unit, states, texts) => {
    const d = describeTiers(1, tiers, quantity, unit);
    expect(d.map((t) => t.state)).toEqual(states);
    expect(d.map((t) => t.text)).toEqual(texts);
  });

  it.each([
    [30, [20, 170]],
    [199, [0, 1]],
  ])('shortfall at %i units', (quantity, shortfalls) => {
    expect(describeTiers(1, tiers, quantity, 1290).map((t) => t.shortfall)).toEqual(shortfalls);
  });

  it('has no descriptions without a ladder', () => {
    expect(describeTiers(0, tiers, 100, 1290)).toEqual([]);
  });
});
