import { describe, expect, it } from 'vitest';
import { adjustToMiddlePack } from './pricing/quantity.js';
import { fastBuyQuerySchema, quickCartSchema, quickMatchTextSchema } from './quick-purchase.js';

const box = (zbz: number, jzl = 0, roundToCase = false) => ({ zbz, jzl, roundToCase, bzdw: '盒' });

describe('adjustToMiddlePack', () => {
  it.each([
    [25, box(10), 30, '已按中包装10盒调整为30盒'],
    [30, box(10), 30, ''],
    [1, box(10), 10, '已按中包装10盒调整为10盒'],
    [7, box(1), 7, ''],
    [2.5, box(1), 3, '已按中包装1盒调整为3盒'],
    [null, box(10), 10, '未填数量，按中包装10盒'],
    [0, box(1), 1, '未填数量，按1盒'],
    [15, box(10, 100, true), 100, '已按整件100盒调整为100盒'],
    [null, box(10, 100, true), 100, '未填数量，按中包装10盒（整件100盒）'],
  ])('%s with %o → %s (%s)', (wanted, rules, number, note) => {
    expect(adjustToMiddlePack(wanted, rules)).toEqual({ number, note });
  });

  it('says the goods own unit', () => {
    expect(adjustToMiddlePack(5, { zbz: 6, jzl: 0, roundToCase: false, bzdw: '瓶' }).note).toBe(
      '已按中包装6瓶调整为6瓶',
    );
  });
});

describe('schemas', () => {
  it('refuses an empty paste', () => {
    const r = quickMatchTextSchema.safeParse({ text: '  ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('请粘贴采购清单');
  });

  it('reads form-encoded lines with an optional code', () => {
    const r = quickCartSchema.parse({
      params: { 0: { goods_id: '5', number: '30', code: ' YP1 ' }, 1: { goods_id: 6, number: 2, code: '' } },
    });
    expect(r.params).toEqual([
      { goods_id: 5, number: 30, code: 'YP1' },
      { goods_id: 6, number: 2, code: undefined },
    ]);
  });

  it('defaults fast_buy to the most often bought and refuses an unknown order', () => {
    expect(fastBuyQuerySchema.parse({}).order).toBe('times');
    expect(fastBuyQuerySchema.safeParse({ order: 'price' }).error?.issues[0]?.message).toBe('排序方式有误');
  });
});
