import { describe, expect, it } from 'vitest';
import { maxOf, snap, snapNote, stepOf } from './quantity';

const pack10 = { zbz: 10, qgNumber: 0, stock: 500 };
const case24 = { zbz: 12, qgNumber: 0, stock: 500, jzl: 24, roundToCase: true };

describe('stepper quantities', () => {
  it.each([
    ['a middle pack', pack10, 10, 500],
    ['whole cases when the goods rounds to cases', case24, 24, 480],
    ['cases of 30 in packs of 20: 60 is both', { ...case24, zbz: 20, jzl: 30 }, 60, 480],
    ['a case flag without a case quantity', { ...pack10, roundToCase: true, jzl: 0 }, 10, 500],
    ['a limit', { ...pack10, qgNumber: 35 }, 10, 30],
  ])('steps by %s', (_, rules, step, max) => {
    expect(stepOf(rules)).toBe(step);
    expect(maxOf(rules)).toBe(max);
  });

  it.each([
    [pack10, 25, 30, '已按中包装10盒调整为30盒'],
    [pack10, 30, 30, ''],
    [pack10, 3, 10, '已按中包装10盒调整为10盒'],
    [case24, 30, 48, '已按整件24盒调整为48盒'],
    [{ ...pack10, qgNumber: 60 }, 95, 60, '最多可购60盒，已调整为60盒'],
  ])('%o: typed %i becomes %i and the buyer is told %s', (rules, typed, number, note) => {
    expect(snap(typed, rules)).toBe(number);
    expect(snapNote(typed, rules, '盒')).toBe(note);
  });
});
