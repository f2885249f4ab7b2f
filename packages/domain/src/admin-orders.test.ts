import { describe, expect, it } from 'vitest';
import { adminOrderFilterSchema, adminReturnFilterSchema, allocateOrderSchema } from './admin-orders.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('adminOrderFilterSchema', () => {
  it.each([
    [{}, { status: 1 }],
    [{ status: '' }, { status: 1 }],
    [{ status: 'all' }, { status: 'all' }],
    [
      { status: '0', is_hm: '1', payment_method: 'offline' },
      { status: 0, is_hm: 1, payment_method: 'offline' },
    ],
    [{ start_date: '2026-11-01', end_date: '2026-11-30', member: ' 康宁 ' }, { member: '康宁' }],
  ])('%j reads as %j', (input, expected) => {
    expect(adminOrderFilterSchema.parse(input)).toMatchObject(expected);
  });

  it.each([
    [{ status: '7' }, '订单状态有误'],
    [{ payment_method: 'cash' }, '支付方式有误'],
    [{ start_date: '2026-02-30' }, '开始日期格式有误'],
    [{ start_date: '2026-11-02', end_date: '2026-11-01' }, '开始日期不能晚于结束日期'],
    [{ is_hm: '2' }, '含麻筛选有误'],
  ])('%j is refused: %s', (input, message) => {
    expect(firstMessage(adminOrderFilterSchema.safeParse(input))).toBe(message);
  });

  it('returns default to pending', () => {
    expect(adminReturnFilterSchema.parse({}).status).toBe('pending');
  });
});

describe('allocateOrderSchema', () => {
  it('reads the form body qs gives, arrays or objects keyed by index', () => {
    const asArrays = {
      lines: [{ line_id: '11', lots: [{ lot_id: '21', number: '4' }] }],
      reason: ' 远效期 ',
    };
    expect(allocateOrderSchema.parse(asArrays)).toEqual({
      lines: [{ line_id: 11, lots: [{ lot_id: 21, number: 4 }] }],
      reason: '远效期',
    });
    const asObjects = { lines: { 0: { line_id: '11', lots: { 0: { lot_id: '21', number: '4' } } } } };
    expect(allocateOrderSchema.parse(asObjects)).toEqual({
      lines: [{ line_id: 11, lots: [{ lot_id: 21, number: 4 }] }],
      reason: '',
    });
  });

  it.each([
    [{}, '请选择要分配批号的商品'],
    [{ lines: [{ line_id: 1, lots: [] }] }, '每个商品至少选择一个批号'],
    [{ lines: [{ line_id: 1, lots: [{ lot_id: 2, number: 0 }] }] }, '数量必须大于0'],
    [
      { lines: [{ line_id: 1, lots: [{ lot_id: 2, number: 1 }] }], reason: 'x'.repeat(201) },
      '原因不能超过200个字',
    ],
  ])('%j is refused: %s', (input, message) => {
    expect(firstMessage(allocateOrderSchema.safeParse(input))).toBe(message);
  });
});
