import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { LIMITS } from '@kc/domain';
import type { RouteHandle } from '../../shared/routing/route-handle';

// Kept in sessionStorage so that a position survives a reload followed by "back".
const STORAGE_KEY = 'kc_scroll_positions';
const MAX_ENTRIES = 50;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function writePositions(positions: Record<string, number>): void {
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
}

/**
 * SPEC §2: going back (or forward) to a page restores where the user was, 100 ms later so
 * the page has drawn its content; new pages open at the top. A route with noScrollRestore
 * always opens at the top.
 */
export function useScrollRestoration(handle: RouteHandle | undefined): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const noRestore = handle?.noScrollRestore ?? false;
  const positions = useRef<Record<string, number> | null>(null);
  // The history entry the scroll listener writes under. It changes in a layout effect, before
  // the browser reports the scroll caused by the new page (clamping, scrollTo), so that
  // scroll is never written under the page being left.
  const currentKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current ??= readPositions();
    const onScroll = () => {
      if (positions.current) positions.current[currentKey.current] = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readPositions();
    const map = positions.current;
    currentKey.current = location.key;
    writePositions(map);
    const saved = map[location.key];
    if (navigationType === 'POP' && !noRestore && saved !== undefined) {
      const timer = window.setTimeout(() => window.scrollTo(0, saved), LIMITS.scrollRestoreDelayMs);
      return () => window.clearTimeout(timer);
    }
    // A replace (a redirect hop, a filter written to the URL) keeps the place on the page.
    if (navigationType !== 'REPLACE' || noRestore) window.scrollTo(0, 0);
    return undefined;
  }, [location.key, navigationType, noRestore]);
}
