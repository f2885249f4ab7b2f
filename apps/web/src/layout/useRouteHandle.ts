import { useMatches } from 'react-router';
import { DEFAULT_HANDLE, type RouteHandle } from '../shared/routing/route-handle';

const EMPTY: RouteHandle = { ...DEFAULT_HANDLE, name: '', title: '' };

function isHandle(value: unknown): value is Partial<RouteHandle> & { name: string } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
  );
}

/**
 * The deepest matched route's handle, filled with the defaults. Parent routes (e.g. /user)
 * carry handles too, so the last match that has one decides, as SPEC §2 flags are per page.
 */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isHandle(handle)) return { ...EMPTY, ...handle };
  }
  return EMPTY;
}
