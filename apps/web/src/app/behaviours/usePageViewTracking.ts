import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { LIMITS } from '@kc/domain';
import { api } from '../../shared/api';
import type { RouteHandle } from '../../shared/routing/route-handle';

/** `POST /api/track`: silent, and a failure is ignored (tracking must never bother the user). */
export function trackPageView(view: { path: string; route_name: string; referrer: string }): Promise<void> {
  return api.post<unknown>('/api/track', view, { silent: true }).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * SPEC §2: a page view is recorded 300 ms after each route change. A page left within that
 * time (a redirect hop, a double click) is not counted. The referrer is the previous in-app
 * page, or the document's referrer for the first page of a visit.
 */
export function usePageViewTracking(handle: RouteHandle | undefined): void {
  const { pathname, search } = useLocation();
  const path = pathname + search;
  const routeName = handle?.name ?? '';
  const previous = useRef<string>(document.referrer);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      void trackPageView({ path, route_name: routeName, referrer: previous.current });
      previous.current = window.location.origin + path;
    }, LIMITS.pageViewDelayMs);
    return () => window.clearTimeout(timer);
  }, [path, routeName]);
}
