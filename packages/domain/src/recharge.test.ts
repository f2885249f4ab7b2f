import { describe, expect, it } from 'vitest';
import { rechargeSchema } from './recharge.js';

const parse = (body: unknown) => rechargeSchema.safeParse(body);
const message = (body: unknown) => {
  const r = parse(body);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('rechargeSchema', () => {
  it('reads yuan text or numbers as fen, 1.00 to 50000.00, pay_type online by default', () => {
    expect(parse({ amount: '1' }).data).toEqual({ amount: 100, pay_type: 'online' });
    expect(parse({ amount: ' 1000.5 ', pay_type: 'online' }).data).toEqual({
      amount: 100050,
      pay_type: 'online',
    });
    expect(parse({ amount: 12.34 }).data?.amount).toBe(1234);
    expect(parse({ amount: '50000.00' }).data?.amount).toBe(5_000_000);
  });

  it('refuses what the server may not open', () => {
    expect(message({})).toBe('请填写充值金额');
    expect(message({ amount: '  ' })).toBe('请填写充值金额');
    expect(message({ amount: '0.99' })).toBe('充值金额不能低于1.00元');
    expect(message({ amount: '50000.01' })).toBe('单次充值不能超过50000.00元');
    expect(message({ amount: '1.005' })).toBe('充值金额格式有误，最多两位小数');
    expect(message({ amount: '1e3' })).toBe('充值金额格式有误，最多两位小数');
    expect(message({ amount: -1 })).toBe('充值金额格式有误，最多两位小数');
    expect(message({ amount: '100', pay_type: 'offline' })).toBe('充值仅支持在线支付');
  });
});
