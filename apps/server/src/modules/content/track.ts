import type { TrackInput } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { LIMITS, enforce, type Limits } from '../../platform/limits.js';
import { pageViews } from './schema.js';

/** Who viewed the page: a member, or an address when logged out. */
export interface Viewer {
  memberId: number | null;
  ip: string;
  userAgent: string;
}

/**
 * Records one page view (the route has checked it against trackSchema). The storefront sends
 * one per route change, so this is one counted hit and a single insert; reports aggregate
 * later. Views are limited per member (or address) so a script cannot fill the table; the user
 * agent is clipped so a hostile client cannot store kilobytes per row.
 */
export async function recordPageView(
  db: Queryable,
  limits: Limits,
  input: TrackInput,
  who: Viewer,
  now: Date,
): Promise<void> {
  const key = who.memberId === null ? `track:ip:${who.ip}` : `track:member:${who.memberId}`;
  await enforce(limits, key, LIMITS.track, '页面访问记录过于频繁');
  await db.insert(pageViews).values({
    path: input.path,
    routeName: input.name,
    referrer: input.referrer,
    memberId: who.memberId,
    meta: who.userAgent ? { ua: who.userAgent.slice(0, 300) } : null,
    at: now,
  });
}
