import { describe, expect, it } from 'vitest';
import {
  giftStockState,
  pointsGoodsInputSchema,
  redeemRefusal,
  redeemSchema,
  type RedeemCheck,
} from './points-mall.js';

const base: RedeemCheck = {
  onSale: true,
  stock: 5,
  perMember: 0,
  already: 0,
  cost: 100,
  points: 1000,
  number: 1,
};

describe('redeemRefusal', () => {
  it.each<[Partial<RedeemCheck>, string | null]>([
    [{}, null],
    [{ onSale: false }, '该礼品已下架'],
    [{ stock: 0 }, '该礼品已兑完'],
    [{ number: 6 }, '库存不足，仅剩5件'],
    [{ perMember: 2, already: 1, number: 2 }, '每人限兑2件，您还可兑换1件'],
    [{ perMember: 2, already: 2 }, '每人限兑2件，您已兑满'],
    [{ perMember: 2, already: 1, number: 1 }, null],
    [{ points: 99 }, '积分不足，需要100积分，当前99积分'],
    [{ points: 300, number: 3 }, null],
    [{ points: 299, number: 3 }, '积分不足，需要300积分，当前299积分'],
  ])('%o → %s', (change, expected) => {
    expect(redeemRefusal({ ...base, ...change })).toBe(expected);
  });
});

describe('giftStockState', () => {
  it.each([
    [0, 'sold_out'],
    [-1, 'sold_out'],
    [1, 'low'],
    [10, 'low'],
    [11, 'in_stock'],
  ] as const)('%i → %s', (stock, state) => expect(giftStockState(stock)).toBe(state));
});

describe('schemas', () => {
  it('asks for a gift and an address, number defaults to 1', () => {
    expect(redeemSchema.safeParse({}).error?.issues.map((i) => i.message)).toEqual([
      '请选择礼品',
      '请选择收货地址',
    ]);
    expect(redeemSchema.parse({ goods_id: '3', address_id: '4' })).toMatchObject({
      goods_id: 3,
      number: 1,
      address_id: 4,
    });
    expect(redeemSchema.safeParse({ goods_id: 3, address_id: 4, number: 100 }).success).toBe(false);
  });

  it('reads a gift form with defaults', () => {
    expect(pointsGoodsInputSchema.parse({ name: ' 体温计 ', points: '300', stock: '20' })).toEqual({
      name: '体温计',
      image: '',
      description: '',
      points: 300,
      stock: 20,
      per_member: 0,
      on_sale: true,
      goods_id: 0,
      sort: 0,
    });
    expect(pointsGoodsInputSchema.safeParse({ name: 'x', points: 0, stock: 1 }).success).toBe(false);
    expect(
      pointsGoodsInputSchema.safeParse({ name: 'x', points: 1, stock: 1, image: 'javascript:x' }).success,
    ).toBe(false);
  });
});
