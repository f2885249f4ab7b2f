import { describe, expect, it } from 'vitest';
import { applyRate, fenToYuan, floorFen, formatYuan, lineAmount, yuanToFen } from './money.js';

describe('yuanToFen floors to the fen', () => {
  it.each([
    ['0', 0],
    ['0.01', 1],
    ['0.1', 10],
    ['12.5', 1250],
    ['12.34', 1234],
    ['12.345', 1234],
    ['12.349999', 1234],
    ['99999.99', 9999999],
    [' 7.00 ', 700],
    ['3.', 300],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1.005, 100],
    ['-1.005', -101],
    ['-2.5', -250],
  ] as const)('%s yuan → %i fen', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen);
  });

  it.each(['', 'abc', '1.2.3', '¥5', '1e3', 'NaN'])('refuses %j', (bad) => {
    expect(() => yuanToFen(bad)).toThrow(RangeError);
  });
  it('refuses non-finite numbers', () => expect(() => yuanToFen(Infinity)).toThrow(RangeError));
});

describe('fenToYuan shows two decimals', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [1250, '12.50'],
    [123456, '1234.56'],
    [-5, '-0.05'],
    [-12345, '-123.45'],
  ])('%i fen → %s', (fen, yuan) => expect(fenToYuan(fen)).toBe(yuan));
  it('refuses a fractional fen', () => expect(() => fenToYuan(1.5)).toThrow(RangeError));
  it('formats with the yuan sign', () => expect(formatYuan(990)).toBe('¥9.90'));
});

describe('floorFen', () => {
  it.each([
    [1234.9999999, 1235],
    [1234.5, 1234],
    [1234.0000001, 1234],
    [-0.5, -1],
    [0, 0],
  ])('%d → %i', (v, f) => expect(floorFen(v)).toBe(f));
});

describe('applyRate (per-mille, floored)', () => {
  it.each([
    [1000, 940, 940],
    [999, 940, 939], // 939.06 → 939
    [1, 940, 0],
    [12345, 940, 11604], // 11604.3 → 11604
    [5000, 1000, 5000],
    [5000, 0, 0],
  ])('%i fen × %i‰ → %i', (fen, rate, out) => expect(applyRate(fen, rate)).toBe(out));
  it('refuses a fractional rate', () => expect(() => applyRate(100, 9.5)).toThrow(RangeError));
});

describe('lineAmount', () => {
  it('multiplies integers', () => expect(lineAmount(1250, 3)).toBe(3750));
  it('refuses fractions', () => expect(() => lineAmount(12.5, 3)).toThrow(RangeError));
});
