import { and, asc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  type ActivityInfoQuery,
  type ActivityListQuery,
  type ActivityPoster,
  type ActivitySection,
  type ActivitySummary,
  type ActivityView,
  type Ad,
  type CouponCenterItem,
  type EverydayPrice,
  type SpikeSession,
  unixSeconds,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { spikeSession } from '../catalog/home.js';
import { hotGoods } from '../catalog/suggest.js';
import type { Viewer } from '../catalog/view.js';
import { activities, type DiscountRules, type TemplateRules } from './schema.js';
import { chinaDay, runningActivities, runningFlashSale } from './service.js';
import {
  activityGoods,
  giftTextOf,
  goodsItemsByIds,
  inOrder,
  itemsOf,
  rateOf,
  showingDay,
  summaryOf,
  tiersOf,
  type ActivityRecord,
} from './view.js';

/** What a storefront page says when no activity is there (SPEC §8). */
export const NO_ACTIVITY = '活动暂未开始';

/**
 * The coupon centre's cards for a caller (the promotion module's `couponCenter`, handed down
 * by the app: promotion ranks above activity), which template pages offer by id.
 */
export type CouponCentre = (db: Queryable, memberId: number | null, now: Date) => Promise<CouponCenterItem[]>;

/** Most goods a scoped activity's page lists. */
const SCOPE_GOODS = 100;

/** The stored urls a page url matches: '/hb' and '/hb/'. */
const urlMatches = (url: string) => inArray(activities.url, [url, `${url}/`]);

/**
 * The activity a url shows: the running one (the lowest id, as the cart applies it), else the
 * next to start, else the last to end. Switched-off activities are not offered.
 */
export async function activityOfUrl(db: Queryable, url: string, now: Date): Promise<ActivityRecord | null> {
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.enabled, true), urlMatches(url)))
    .orderBy(asc(activities.id));
  const at = now.getTime();
  const running = rows.find((a) => a.startsAt.getTime() <= at && a.endsAt.getTime() > at);
  if (running) return running;
  const next = rows
    .filter((a) => a.startsAt.getTime() > at)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  if (next) return next;
  return rows.sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0] ?? null;
}

/** The goods sections a page shows: a template's, or the goods a scoped activity covers. */
async function sectionsOf(
  db: Queryable,
  a: ActivityRecord,
  viewer: Viewer,
  now: Date,
): Promise<ActivitySection[]> {
  if (a.kind === 'template') {
    const sections = (a.rules as TemplateRules).sections ?? [];
    const byId = await goodsItemsByIds(
      db,
      sections.flatMap((s) => s.goodsIds),
      viewer,
      now,
    );
    return sections.map((s) => ({ title: s.title, list: inOrder(s.goodsIds, byId) }));
  }
  if (a.kind === 'flash' || a.kind === 'special') return [];
  if (a.goodsIds.length > 0) {
    const ids = a.goodsIds.slice(0, SCOPE_GOODS);
    return [{ title: '活动商品', list: inOrder(ids, await goodsItemsByIds(db, ids, viewer, now)) }];
  }
  // The whole store takes part: the page shows the best sellers (those a 折扣 leaves out, not).
  const excluded = a.kind === 'discount' ? new Set((a.rules as DiscountRules).excludedGoodsIds) : new Set();
  const hot = (await hotGoods(db, viewer, now)).filter((g) => !excluded.has(g.id));
  return [{ title: '全场商品均可参与 · 热销推荐', list: hot }];
}

/** The template's coupons, in the operator's order, those still open for claiming. */
async function couponsOf(
  db: Queryable,
  a: ActivityRecord,
  viewer: Viewer,
  now: Date,
  centre: CouponCentre,
): Promise<CouponCenterItem[]> {
  const ids = a.kind === 'template' ? ((a.rules as TemplateRules).couponIds ?? []) : [];
  if (ids.length === 0) return [];
  const open = new Map((await centre(db, viewer.memberId, now)).map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const c = open.get(id);
    return c ? [c] : [];
  });
}

/**
 * `GET /api/activity/info`: the activity of `id` (any state), or the one `url` shows
 * (activityOfUrl), as its page shows it. None → 404 活动暂未开始.
 */
export async function activityInfo(
  db: Queryable,
  q: ActivityInfoQuery,
  viewer: Viewer,
  now: Date,
  centre: CouponCentre,
): Promise<ActivityView> {
  const a =
    q.id !== undefined
      ? ((await db.select().from(activities).where(eq(activities.id, q.id)))[0] ?? null)
      : await activityOfUrl(db, q.url!, now);
  if (!a) throw notFound(NO_ACTIVITY);
  const priced = itemsOf(a, showingDay(a, now));
  const [byId, sections, coupons] = await Promise.all([
    goodsItemsByIds(
      db,
      priced.map((it) => it.goodsId),
      viewer,
      now,
    ),
    sectionsOf(db, a, viewer, now),
    couponsOf(db, a, viewer, now, centre),
  ]);
  return {
    ...summaryOf(a, now),
    description: a.description,
    now: unixSeconds(now),
    tiers: tiersOf(a),
    rate: rateOf(a),
    gift_text: giftTextOf(a),
    items: activityGoods(priced, byId, viewer),
    sections,
    coupons,
  };
}

/** `GET /api/activity/list`: the enabled activities of `ids` (in that order) or of `url`. */
export async function activityList(
  db: Queryable,
  q: ActivityListQuery,
  now: Date,
): Promise<ActivitySummary[]> {
  if (q.ids) {
    const rows = await db
      .select()
      .from(activities)
      .where(and(eq(activities.enabled, true), inArray(activities.id, q.ids)));
    const byId = new Map(rows.map((a) => [a.id, a]));
    return [...new Set(q.ids)].flatMap((id) => {
      const a = byId.get(id);
      return a ? [summaryOf(a, now)] : [];
    });
  }
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.enabled, true), urlMatches(q.url!)))
    .orderBy(asc(activities.startsAt), asc(activities.id));
  // Running first, then those to come, then the ended.
  const order = [1, 0, 2];
  return rows.map((a) => summaryOf(a, now)).sort((x, y) => order.indexOf(x.status) - order.indexOf(y.status));
}

/**
 * `GET /api/activity/everyday_price`: the running daily special's items of today (its lowest
 * id when several run) and when today's session ends: China midnight, or the activity's end
 * if sooner. None running: no activity, no goods, the end of today.
 */
export async function everydayPrice(db: Queryable, viewer: Viewer, now: Date): Promise<EverydayPrice> {
  const [a] = await db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.enabled, true),
        eq(activities.kind, 'special'),
        lte(activities.startsAt, now),
        gt(activities.endsAt, now),
      ),
    )
    .orderBy(asc(activities.id))
    .limit(1);
  const today = chinaDay(now.getTime());
  if (!a)
    return { activity: null, end_time: unixSeconds(new Date(today.end)), now: unixSeconds(now), list: [] };
  const items = itemsOf(a, today.date);
  const byId = await goodsItemsByIds(
    db,
    items.map((it) => it.goodsId),
    viewer,
    now,
  );
  return {
    activity: summaryOf(a, now),
    end_time: unixSeconds(new Date(Math.min(today.end, a.endsAt.getTime()))),
    now: unixSeconds(now),
    list: activityGoods(items, byId, viewer),
  };
}

/**
 * `GET /api/focus/postList`: the activity centre's posters, the enabled activities not yet
 * ended that have a banner: running first, then by start.
 */
export async function activityPosters(db: Queryable, now: Date): Promise<ActivityPoster[]> {
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.enabled, true), gt(activities.endsAt, now), ne(activities.banner, '')))
    .orderBy(sql`${activities.startsAt} > ${now}`, asc(activities.startsAt), asc(activities.id))
    .limit(50);
  return rows.map((a) => {
    const { banner, ...s } = summaryOf(a, now);
    return { ...s, image: banner };
  });
}

/**
 * `GET /api/focus/demo`: the banners of the running template activities (of `url` when
 * given), as ads `{ id, url, image, title }`: the id is the activity's, the url its page.
 */
export async function templateBanners(db: Queryable, url: string | undefined, now: Date): Promise<Ad[]> {
  const rows = await db
    .select({ id: activities.id, url: activities.url, image: activities.banner, title: activities.name })
    .from(activities)
    .where(
      and(
        eq(activities.enabled, true),
        eq(activities.kind, 'template'),
        lte(activities.startsAt, now),
        gt(activities.endsAt, now),
        ne(activities.banner, ''),
        url === undefined ? undefined : urlMatches(url),
      ),
    )
    .orderBy(asc(activities.id))
    .limit(20);
  return rows;
}

/**
 * `GET /api/index/spike`: the running flash-sale activity's goods with their flash price and
 * limit, and its window; without one, the spike zone of the catalogue (catalog/home.ts).
 */
export async function spike(db: Queryable, viewer: Viewer, now: Date): Promise<SpikeSession> {
  const flash = await runningFlashSale(db, now);
  if (!flash) return spikeSession(db, now, viewer);
  // The price the cart charges: a lower daily special on the same goods wins there too.
  const running = await runningActivities(db, now);
  const items = flash.items.map((it) => {
    const p = running.prices.get(it.goodsId);
    return p ? { goodsId: it.goodsId, price: p.price, limit: p.limit } : it;
  });
  return spikeSession(db, now, viewer, 20, { start: flash.start, end: flash.end, items });
}
