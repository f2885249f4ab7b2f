import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chinaDate } from '@kc/domain';
import { adClosedStorageKey, closedToday } from './layout/Ads';
import { EARLY_AD_CLOSED_KEY, closedTodayEarly, firstImage, startEarly } from './early';

const NOON_UTC = Date.UTC(2026, 10, 28, 12, 0, 0);
const LATE_UTC = Date.UTC(2026, 10, 28, 17, 30, 0); // already the 29th in China

beforeEach(() => {
  localStorage.clear();
  window.__kcFloatingAd = undefined;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('early.ts keeps the layout’s rule for an ad closed today (no imports of its own)', () => {
  it('uses the layout’s storage key and China’s calendar day', () => {
    expect(EARLY_AD_CLOSED_KEY).toBe(adClosedStorageKey('dbxfc'));
    for (const now of [NOON_UTC, LATE_UTC]) {
      vi.useFakeTimers({ now, toFake: ['Date'] });
      localStorage.setItem(EARLY_AD_CLOSED_KEY, chinaDate(new Date(now)));
      expect(closedTodayEarly(now)).toBe(true);
      expect(closedToday('dbxfc')).toBe(true);
      localStorage.setItem(EARLY_AD_CLOSED_KEY, '2026-11-27');
      expect(closedTodayEarly(now)).toBe(false);
      expect(closedToday('dbxfc')).toBe(false);
    }
  });

  it('reads the first picture of one ad or a list, and nothing else', () => {
    expect(firstImage({ code: 10000, data: [{ image: '/media/11' }, { image: '/media/12' }] })).toBe(
      '/media/11',
    );
    expect(firstImage({ code: 10000, data: { image: '/media/9' } })).toBe('/media/9');
    expect(firstImage({ code: 10000, data: [] })).toBeNull();
    expect(firstImage({ code: 10000, data: null })).toBeNull();
    expect(firstImage({ code: 10000, data: [{ image: 42 }] })).toBeNull();
    expect(firstImage(null)).toBeNull();
  });
});

describe('startEarly', () => {
  it('asks for the floating ad once, starts its picture and leaves the reply for the app', async () => {
    const reply = { code: 10000, msg: 'ok', data: [{ id: 1, image: '/media/11', url: '/list' }] };
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(reply), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const pictures: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        fetchPriority = '';
        set src(value: string) {
          pictures.push(`${value} ${this.fetchPriority}`);
        }
      },
    );
    startEarly();
    startEarly();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/focus/dbxfc');
    await expect(window.__kcFloatingAd).resolves.toEqual(reply);
    expect(pictures).toEqual(['/media/11 high']);
  });

  it('asks nothing when the buyer closed the ad today, and yields null when the call fails', async () => {
    localStorage.setItem(EARLY_AD_CLOSED_KEY, chinaDate(new Date()));
    const fetchMock = vi.fn(async () => new Response('busy', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    startEarly();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__kcFloatingAd).toBeUndefined();
    localStorage.clear();
    startEarly();
    await expect(window.__kcFloatingAd).resolves.toBeNull();
  });
});
