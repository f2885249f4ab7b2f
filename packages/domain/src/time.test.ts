import { describe, expect, it } from 'vitest';
import { toMillis, unixSeconds } from './time.js';

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
