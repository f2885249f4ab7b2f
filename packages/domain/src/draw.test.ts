import { describe, expect, it } from 'vitest';
import { drawPrizeInputSchema, drawStatus, maskName, prizeIndexFor } from './draw.js';

describe('prizeIndexFor', () => {
  it.each([
    [[100, 900], 0, 0],
    [[100, 900], 99, 0],
    [[100, 900], 100, 1],
    [[100, 900], 999, 1],
    [[100, 900], 1000, -1],
    [[0, 10_000], 0, 1],
    [[10_000], 9_999, 0],
    [[], 0, -1],
    [[-5, 10], 0, 1],
  ])('odds %j, roll %i → prize %i', (odds, roll, want) => {
    expect(prizeIndexFor(odds, roll)).toBe(want);
  });
});

describe('maskName', () => {
  it.each([
    ['张三药店', '张**店'],
    ['王五', '王*'],
    ['李', '李*'],
    ['', '***'],
    ['杭州市西湖区大药房连锁', '杭****锁'],
  ])('%s → %s', (name, want) => expect(maskName(name)).toBe(want));
});

describe('drawStatus', () => {
  const d = { enabled: true, startsAt: new Date(1000), endsAt: new Date(2000) };
  it.each([
    [999, 'not_started'],
    [1000, 'running'],
    [1999, 'running'],
    [2000, 'ended'],
  ])('at %i → %s', (t, want) => expect(drawStatus(d, new Date(t))).toBe(want));
  it('a disabled draw is disabled whatever the time', () =>
    expect(drawStatus({ ...d, enabled: false }, new Date(1500))).toBe('disabled'));
});

describe('drawPrizeInputSchema', () => {
  it.each([
    [{ name: '积分', kind: 'points', odds: 10 }, '请填写积分数'],
    [{ name: '余额', kind: 'balance', odds: 10 }, '请填写余额金额'],
    [{ name: '券', kind: 'coupon', odds: 10 }, '请选择优惠券'],
    [{ name: '多', kind: 'goods', odds: 10_001 }, '中奖概率不能大于10000'],
  ])('refuses %j with %s', (input, msg) => {
    const r = drawPrizeInputSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(msg);
  });
  it('reads a balance amount in yuan as fen', () => {
    const r = drawPrizeInputSchema.parse({
      name: '5元',
      kind: 'balance',
      amount: '5.50',
      odds: '100',
      stock: '3',
    });
    expect(r).toMatchObject({ amount: 550, odds: 100, stock: 3, value: 0, sort: 0 });
  });
});
