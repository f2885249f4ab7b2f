import { describe, expect, it } from 'vitest';
import {
  GOODS_COLUMNS,
  LOT_COLUMNS,
  PRICE_COLUMNS,
  cellDate,
  cellInt,
  cellLadder,
  cellRxClass,
  cellYesNo,
  cellYuan,
  cellZones,
  formatLadder,
  importFieldsSchema,
} from './admin-import.js';

const value = <T>(c: { ok: true; value: T } | { ok: false; message: string }) => (c.ok ? c.value : c.message);

describe('import cells', () => {
  it.each([
    ['是', true],
    ['否', false],
    ['', false],
    ['Y', true],
    ['1', true],
    ['false', false],
    ['也许', '只能填写“是”或“否”'],
  ])('yes/no %j → %j', (text, out) => expect(value(cellYesNo(text))).toBe(out));

  it.each([
    ['12.50', 1250],
    ['¥3', 300],
    ['12.345', 1234],
    ['', 0],
    ['abc', '必须是金额（元），如 12.50'],
    ['-1', '必须是金额（元），如 12.50'],
  ])('yuan %j → %j', (text, out) => expect(value(cellYuan(text))).toBe(out));

  it('a required amount may not be empty', () => expect(value(cellYuan(' ', null))).toBe('不能为空'));

  it.each([
    ['10', 10],
    ['10.0', 10],
    ['', 0],
    ['1.5', '必须是整数'],
    ['十', '必须是整数'],
    ['-2', '不能小于0'],
  ])('int %j → %j', (text, out) => expect(value(cellInt(text))).toBe(out));

  it.each([
    [
      '10:12.50;50:12.00',
      [
        { number: 10, price: 1250 },
        { number: 50, price: 1200 },
      ],
    ],
    ['10：12.5；', [{ number: 10, price: 1250 }]],
    ['', []],
    ['10=12', '格式应为 数量:单价;数量:单价，如 10:12.50;50:12.00'],
  ])('ladder %j', (text, out) => expect(value(cellLadder(text))).toEqual(out));

  it('writes a ladder back as it reads it', () =>
    expect(
      formatLadder([
        { number: 10, price: 1250 },
        { number: 50, price: 1200 },
      ]),
    ).toBe('10:12.50;50:12.00'));

  it.each([
    ['处方药', 'rx'],
    ['甲类OTC', 'otc_a'],
    ['乙类非处方药', 'otc_b'],
    ['非药品', 'none'],
    ['', 'none'],
    ['保健品', '只能填写处方药、甲类OTC、乙类OTC或非药品'],
  ])('Rx class %j → %j', (text, out) => expect(value(cellRxClass(text))).toBe(out));

  it.each([
    ['优选专区;控销', ['yx', 'kx']],
    ['yx；yx', ['yx']],
    ['火星', '未知专区：火星'],
  ])('zones %j', (text, out) => expect(value(cellZones(text))).toEqual(out));

  it.each([
    ['2025-03-01', '2025-03-01'],
    ['2025/3/1', '2025-03-01'],
    ['2025年3月1日', '2025-03-01'],
    ['20250301', '2025-03-01'],
    ['2025-02-30', '不是有效的日期'],
    ['明天', '日期格式应为 YYYY-MM-DD'],
  ])('date %j → %j', (text, out) => expect(value(cellDate(text))).toBe(out));
});

describe('import columns and fields', () => {
  it('name every column once per file', () => {
    for (const cols of [GOODS_COLUMNS, LOT_COLUMNS, PRICE_COLUMNS]) {
      const names = cols.flatMap((c) => [c.header, ...(c.aliases ?? [])]);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('reads dry_run and the job id', () => {
    expect(importFieldsSchema.parse({ dry_run: '1', job: '7d0f3a52-6a4e-4c3e-9a57-2f1f7c1b5a10' })).toEqual({
      dry_run: true,
      job: '7d0f3a52-6a4e-4c3e-9a57-2f1f7c1b5a10',
    });
    expect(importFieldsSchema.parse({})).toEqual({ dry_run: false, job: undefined });
    expect(importFieldsSchema.safeParse({ dry_run: '2' }).success).toBe(false);
    expect(importFieldsSchema.safeParse({ job: 'x' }).success).toBe(false);
  });
});
