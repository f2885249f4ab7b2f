import { describe, expect, it } from 'vitest';
import {
  balanceAdjustSchema,
  memberCouponQuerySchema,
  MONEY_LOG_TYPE_OPTIONS,
  pointsAdjustSchema,
  pointsReasonKind,
} from './wallet-views.js';

describe('pointsReasonKind', () => {
  it.each([
    ['订单KC20260101001完成', 860, 'receipt'],
    ['积分兑换 KC2026112200000004', -200, 'mall'],
    ['积分商城兑换 医用口罩', -300, 'mall'],
    ['退货扣回积分 TH1', -40, 'return'],
    ['积分过期（2025年度）', -100, 'expire'],
    ['积分调整：退货扣回补录', -5, 'adjust'],
    ['抽奖获得积分', 200, 'draw'],
    ['其它', 1, 'other'],
  ] as const)('%s → %s', (reason, points, kind) => {
    expect(pointsReasonKind(reason, points)).toBe(kind);
  });
});

describe('adjust schemas', () => {
  it('reads signed yuan into fen', () => {
    expect(balanceAdjustSchema.parse({ amount: '-20.5', reason: ' 扣回 ' })).toEqual({
      amount: -2050,
      reason: '扣回',
    });
    expect(balanceAdjustSchema.parse({ amount: '+1', reason: 'x' }).amount).toBe(100);
    expect(balanceAdjustSchema.safeParse({ amount: '-0.00', reason: 'x' }).success).toBe(false);
  });
  it('reads signed whole points', () => {
    expect(pointsAdjustSchema.parse({ points: '-50', reason: 'x' }).points).toBe(-50);
    expect(pointsAdjustSchema.safeParse({ points: '1.5', reason: 'x' }).success).toBe(false);
  });
  it('defaults the coupon list to unused', () => {
    expect(memberCouponQuerySchema.parse({})).toMatchObject({ status: 'unused', page: 1 });
  });
  it('names eight money kinds', () => {
    expect(MONEY_LOG_TYPE_OPTIONS.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
