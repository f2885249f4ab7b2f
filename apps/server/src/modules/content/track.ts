import type { TrackInput } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { pageViews } from './schema.js';

/**
 * Records one page view (the route has checked it against trackSchema). The storefront sends
 * one per route change, so this is a single insert and nothing else; reports aggregate later. The user agent is clipped so a hostile
 * client cannot store kilobytes per row.
 */
export async function recordPageView(
  db: Queryable,
  input: TrackInput,
  who: { memberId: number | null; userAgent: string },
  now: Date,
): Promise<void> {
  await db.insert(pageViews).values({
    path: input.path,
    routeName: input.name,
    referrer: input.referrer,
    memberId: who.memberId,
    meta: who.userAgent ? { ua: who.userAgent.slice(0, 300) } : null,
    at: now,
  });
}
