import { chinaDate } from '@kc/domain';
import type { QueryClient } from '@tanstack/react-query';
import { adClosedStorageKey } from '../layout/Ads';
import { adsQuery, type AdSlot } from '../shared/site/ads';
import { commonQuery } from '../shared/site/common';

function closedToday(slot: AdSlot): boolean {
  try {
    return localStorage.getItem(adClosedStorageKey(slot)) === chinaDate(new Date());
  } catch {
    return false;
  }
}

/**
 * The first view's calls, started when the entry runs instead of after the page's chunk has
 * loaded and rendered (issue 17 item 8, decision 078). They go into the one query cache
 * through the very query options the shell and pages use, so the components find them there
 * (or join the call still under way): no second data path. Only the shell's calls and the home
 * carousel: the other pages' calls live in their own chunks.
 */
export function prefetchFirstView(client: QueryClient, pathname: string): void {
  void client.prefetchQuery(commonQuery);
  // The bottom ads (the floating one is the largest paint of every page), unless closed today.
  for (const slot of ['dbxfc', 'common'] as const) {
    if (!closedToday(slot)) void client.prefetchQuery(adsQuery(slot));
  }
  if (pathname === '/') void client.prefetchQuery(adsQuery(''));
}
