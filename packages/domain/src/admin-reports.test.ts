import { describe, expect, it } from 'vitest';
import {
  reportFileName,
  resolveReportRange,
  salesReportQuerySchema,
  stockLedgerQuerySchema,
} from './admin-reports.js';

// 2026-11-15 10:00 in China.
const NOW = new Date('2026-11-15T02:00:00Z');

describe('resolveReportRange', () => {
  it.each([
    [undefined, undefined, { from: '2026-11-01', to: '2026-11-15' }],
    ['2026-11-01', '2026-11-30', { from: '2026-11-01', to: '2026-11-30' }],
    ['2025-11-15', '2026-11-15', { from: '2025-11-15', to: '2026-11-15' }],
    ['2026-11-02', '2026-11-02', { from: '2026-11-02', to: '2026-11-02' }],
  ])('%s … %s → %o', (from, to, want) => {
    expect(resolveReportRange(from, to, NOW)).toMatchObject(want);
  });

  it('covers China days: start at 00:00 +08:00, the end exclusive the day after `to`', () => {
    const r = resolveReportRange('2026-11-01', '2026-11-30', NOW);
    expect(r).toMatchObject({
      start: new Date('2026-10-31T16:00:00Z'),
      end: new Date('2026-11-30T16:00:00Z'),
    });
  });

  it.each([
    ['2026-11-30', '2026-11-01', 'to', '结束日期不能早于开始日期'],
    ['2025-01-01', '2026-11-15', 'to', '查询范围不能超过366天，请分段导出'],
    ['2026-02-30', undefined, 'from', '开始日期格式有误，应为YYYY-MM-DD'],
  ])('%s … %s is refused on %s', (from, to, field, message) => {
    expect(resolveReportRange(from, to, NOW)).toEqual({ field, message });
  });
});

describe('report queries', () => {
  it('reads blanks as absent and limit as page_size', () => {
    expect(
      salesReportQuerySchema.parse({ from: '', to: '', format: 'xlsx', limit: '50', member: '' }),
    ).toMatchObject({
      from: undefined,
      to: undefined,
      format: 'xlsx',
      page: 1,
      page_size: 50,
      member: undefined,
    });
  });

  it.each([
    [{ from: '2026-13-01' }, '开始日期格式有误，应为YYYY-MM-DD'],
    [{ to: '20261101' }, '结束日期格式有误，应为YYYY-MM-DD'],
    [{ format: 'pdf' }, '导出格式只能是xlsx或csv'],
    [{ member: 'x' }, '会员ID必须是数字'],
  ])('%o → %s', (q, message) => {
    const r = salesReportQuerySchema.safeParse(q);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  it('knows the stock movement kinds', () => {
    expect(stockLedgerQuerySchema.parse({ kind: 'opening' }).kind).toBe('opening');
    expect(stockLedgerQuerySchema.safeParse({ kind: 'steal' }).success).toBe(false);
  });

  it('names the export file by title and range', () => {
    expect(reportFileName('销售记录', { from: '2026-11-01', to: '2026-11-30' }, 'xlsx')).toBe(
      '销售记录_2026-11-01_2026-11-30.xlsx',
    );
  });
});
