import { describe, expect, it } from 'vitest';
import { checkQuantity, defaultQuantity, purchaseLimitProblem, roundUpToCase } from './quantity.js';

const rules = { zbz: 10, qgNumber: 0, stock: 500, jzl: 0, roundToCase: false };

describe('checkQuantity', () => {
  it.each([
    [10, {}, true, 10, null],
    [30, {}, true, 30, null],
    [0, {}, false, 0, 'not_positive'],
    [-10, {}, false, -10, 'not_positive'],
    [1.5, {}, false, 1.5, 'not_integer'],
    [15, {}, false, 15, 'not_multiple'],
    [60, { qgNumber: 50 }, false, 60, 'over_limit'],
    [50, { qgNumber: 50 }, true, 50, null],
    [510, {}, false, 510, 'over_stock'],
    [500, {}, true, 500, null],
    // Round up to a full case of 60 first, then check.
    [10, { jzl: 60, roundToCase: true }, true, 60, null],
    [70, { jzl: 60, roundToCase: true }, true, 120, null],
    [10, { jzl: 60, roundToCase: true, stock: 50 }, false, 10, 'over_stock'],
    [3, { zbz: 0 }, true, 3, null],
  ])('%s units with %o', (wanted, extra, ok, number, problem) => {
    const r = checkQuantity(wanted, { ...rules, ...extra });
    expect(r.ok).toBe(ok);
    expect(r.number).toBe(number);
    expect(r.ok ? null : r.problem).toBe(problem);
  });

  it.each([
    [15, '购买数量必须是中包装10盒的整数倍'],
    [600, '库存不足，最多可购买500盒'],
  ])('explains %i in Chinese', (wanted, message) => {
    const r = checkQuantity(wanted, rules);
    expect(r.ok ? '' : r.message).toBe(message);
  });
});

describe('roundUpToCase and defaultQuantity', () => {
  it.each([
    [1, 24, true, 24],
    [24, 24, true, 24],
    [25, 24, true, 48],
    [25, 24, false, 25],
    [25, 0, true, 25],
  ])('%i units, case %i, round %s → %i', (q, jzl, roundToCase, out) => {
    expect(roundUpToCase(q, { jzl, roundToCase })).toBe(out);
  });

  it.each([
    [null, 10, 10],
    [0, 10, 10],
    [30, 10, 30],
    [undefined, 0, 1],
  ])('cart number %s, zbz %i → %i', (n, zbz, out) => {
    expect(defaultQuantity(n, zbz)).toBe(out);
  });
});

describe('purchaseLimitProblem: a limit no orderable quantity fits is refused at entry', () => {
  it.each([
    [0, 20, 0, false, null],
    [5, 1, 0, false, null],
    [20, 20, 0, false, null],
    [30, 20, 0, false, null],
    [5, 20, 0, false, '限购数量不能小于中包装20瓶，否则该商品无法购买'],
    [50, 10, 60, true, '限购数量不能小于整件60瓶，否则该商品无法购买'],
    [60, 10, 60, true, null],
    [50, 10, 60, false, null],
  ])('限购 %i, 中包装 %i, 件装 %i (round %s) → %s', (qgNumber, zbz, jzl, roundToCase, out) => {
    const rules = { qgNumber, zbz, jzl, roundToCase, bzdw: '瓶' };
    expect(purchaseLimitProblem(rules)).toBe(out);
    // A limit that passes leaves at least one quantity checkQuantity accepts.
    if (out === null && qgNumber > 0) {
      const smallest = roundUpToCase(Math.max(1, zbz), rules);
      expect(checkQuantity(smallest, { ...rules, stock: 10_000 }).ok).toBe(true);
    }
  });
});
