import { describe, expect, it } from 'vitest';
import { rmbUppercase } from './uppercase.js';

describe('rmbUppercase (价税合计大写)', () => {
  it.each([
    [0, '零圆整'],
    [5, '伍分'],
    [50, '伍角'],
    [100, '壹圆整'],
    [105, '壹圆零伍分'],
    [1010, '壹拾圆壹角'],
    [123456, '壹仟贰佰叁拾肆圆伍角陆分'],
    [100000, '壹仟圆整'],
    [101000, '壹仟零壹拾圆整'],
    [1050000, '壹万零伍佰圆整'],
    [1000100000, '壹仟万壹仟圆整'],
    [10000010000, '壹亿零壹佰圆整'],
    [-1130000, '负壹万壹仟叁佰圆整'],
  ])('%i fen → %s', (fen, text) => expect(rmbUppercase(fen)).toBe(text));

  it('refuses what is not a whole number of fen', () => {
    expect(() => rmbUppercase(1.5)).toThrow(RangeError);
  });
});
