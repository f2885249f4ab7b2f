import { describe, expect, it } from 'vitest';
import { CHINA_OFFSET_MS, chinaDate, parseChinaTime, toMillis, unixSeconds } from './time.js';

describe('ten-digit timestamps are seconds', () => {
  it.each([
    [1_795_000_000, 1_795_000_000_000],
    ['1795000000', 1_795_000_000_000],
    [1_795_000_000_123, 1_795_000_000_123],
    [999_999_999, 999_999_999],
    [0, 0],
  ])('%s → %i ms', (input, ms) => expect(toMillis(input)).toBe(ms));
  it('refuses junk', () => expect(() => toMillis('soon')).toThrow(RangeError));
  it('gives ten-digit seconds', () =>
    expect(String(unixSeconds(new Date('2026-11-22T00:00:00Z')))).toHaveLength(10));
});

describe('chinaDate: the calendar day in China time', () => {
  it.each([
    ['2026-11-23T15:59:59Z', '2026-11-23'],
    ['2026-11-23T16:00:00Z', '2026-11-24'],
  ])('%s → %s', (iso, d) => {
    expect(chinaDate(new Date(iso))).toBe(d);
  });
});

describe('parseChinaTime: a China wall clock as epoch ms', () => {
  it.each([
    ['2026-11-24', '2026-11-23T16:00:00.000Z'],
    ['2026-11-24 09:30', '2026-11-24T01:30:00.000Z'],
    ['2026-11-24 09:30:15', '2026-11-24T01:30:15.000Z'],
    ['2026-11-24T00:00:00', '2026-11-23T16:00:00.000Z'],
  ])('%s → %s', (s, iso) => {
    expect(new Date(parseChinaTime(s)).toISOString()).toBe(iso);
  });

  it.each(['2026-02-30', '2026-13-01', '20261124', '2026-11-24 25:00', 'tomorrow', ''])(
    '%s is not a time',
    (s) => {
      expect(parseChinaTime(s)).toBeNaN();
    },
  );

  it('is eight hours ahead of UTC', () => {
    expect(CHINA_OFFSET_MS).toBe(8 * 3600 * 1000);
  });
});
