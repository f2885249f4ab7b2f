import { describe, expect, it } from 'vitest';
import { LIMITS, SEARCH_PLACEHOLDERS } from './constants.js';

describe('SPEC §9 constants', () => {
  it.each([
    ['requestTimeoutMs', 30_000],
    ['cartBadgeMax', 99],
    ['searchDebounceMs', 500],
    ['suggestionCacheMs', 5_000],
    ['stickySearchScrollPx', 205],
    ['categoryMenuCount', 7],
    ['navMaxItems', 9],
    ['cartAddDelayMs', 200],
    ['cartFilterDefault', 99_999],
    ['cartDrawerClosedPx', 40],
    ['cartDrawerOpenPx', 310],
    ['cartDrawerContentDelayMs', 200],
    ['prizeDrawDelayMs', 2_000],
    ['prizeCloseAnimationMs', 1_000],
    ['pageViewDelayMs', 300],
    ['scrollRestoreDelayMs', 100],
    ['footerHelpCategoryId', 3],
    ['wholeStoreRatePerMille', 940],
  ] as const)('%s = %i', (key, value) => expect(LIMITS[key]).toBe(value));

  it('has both search placeholders', () => {
    expect(SEARCH_PLACEHOLDERS[0]).toContain('药品名称');
    expect(SEARCH_PLACEHOLDERS[1]).toContain('生产厂家');
  });
});
