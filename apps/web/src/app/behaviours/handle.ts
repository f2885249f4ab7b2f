import { useMatches } from 'react-router';
import type { RouteHandle } from '../../shared/routing/route-handle';

/** The deepest matched route's handle; undefined while nothing that has one matches. */
export function useCurrentHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle && typeof handle.name === 'string') return handle;
  }
  return undefined;
}
