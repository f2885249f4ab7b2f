import { describe, expect, it } from 'vitest';
import { totalNote } from './CartDrawerLines';

describe("the drawer's 合计 says what it holds", () => {
  it.each([
    [{ manjian_amount: '0.00', shipping_amount: '10.00' }, '含运费¥10.00'],
    [{ manjian_amount: '0.00', shipping_amount: '0.00' }, '免运费'],
    [{ manjian_amount: '20.00', shipping_amount: '0.00' }, '已减满减¥20.00，免运费'],
    [{ manjian_amount: '15.50', shipping_amount: '8.00' }, '已减满减¥15.50，含运费¥8.00'],
  ])('%o → %s', (totals, text) => {
    expect(totalNote(totals)).toBe(text);
  });
});
