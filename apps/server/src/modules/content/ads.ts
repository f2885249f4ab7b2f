import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { adInputSchema, type Ad, type AdInput, type AdPosition } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { parse } from '../../platform/http.js';
import type { Publisher } from '../../platform/bus.js';
import { contentChanged } from './events.js';
import { ads } from './schema.js';

function adValues(input: AdInput) {
  const v = parse(adInputSchema, input);
  return {
    position: v.position,
    title: v.title,
    url: v.url,
    image: v.image,
    sort: v.sort,
    startsAt: v.starts_at,
    endsAt: v.ends_at,
  };
}

export async function createAd(db: Queryable, input: AdInput, events?: Publisher): Promise<number> {
  const [row] = await db.insert(ads).values(adValues(input)).returning({ id: ads.id });
  contentChanged(events);
  return row!.id;
}

/** Replaces an ad with the submitted form (the back office sends every field). */
export async function updateAd(db: Queryable, id: number, input: AdInput, events?: Publisher): Promise<void> {
  const rows = await db.update(ads).set(adValues(input)).where(eq(ads.id, id)).returning({ id: ads.id });
  if (rows.length === 0) throw new AppError('notFound', '广告不存在');
  contentChanged(events);
}

/**
 * The ads of a position that are live at `now`: started (or no start) and not yet ended
 * (or no end). The end is exclusive so an ad booked "until 00:00" is gone at midnight.
 */
export async function activeAds(
  db: Queryable,
  position: AdPosition,
  now: Date,
  limit = 20,
  ids?: readonly number[],
): Promise<Ad[]> {
  return db
    .select({ id: ads.id, url: ads.url, image: ads.image, title: ads.title })
    .from(ads)
    .where(
      and(
        eq(ads.position, position),
        or(isNull(ads.startsAt), lte(ads.startsAt, now)),
        or(isNull(ads.endsAt), gt(ads.endsAt, now)),
        // `ids` narrows the position to the ads a page asked for (`/api/focus/kxzq_ad?ids=…`).
        ids ? inArray(ads.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(ads.sort), asc(ads.id))
    .limit(limit);
}
