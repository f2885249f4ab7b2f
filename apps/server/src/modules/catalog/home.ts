import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  CHINA_OFFSET_MS,
  fenToYuan,
  paginate,
  unixSeconds,
  type GoodsItem,
  type Paginated,
  type SpikeSession,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { validity } from './read.js';
import { goods } from './schema.js';
import { withShelfFlags } from './shelf-floor.js';
import { goodsItem, itemColumns, visibleTo, type Viewer } from './view.js';

/** `GET /api/index_wntj/:page` (为你推荐): best sellers that can be bought now. */
export async function recommended(
  db: Queryable,
  page: number,
  viewer: Viewer,
  pageSize = 20,
  now: Date = new Date(),
): Promise<Paginated<GoodsItem>> {
  const filter = and(visibleTo(viewer), eq(goods.isBuy, true), gt(goods.stock, 0));
  const [rows, [count]] = await Promise.all([
    db
      .select({ g: goods, validity })
      .from(goods)
      .where(filter)
      .orderBy(desc(goods.sales), asc(goods.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(goods)
      .where(filter),
  ]);
  return paginate(
    await withShelfFlags(
      db,
      viewer,
      rows.map((r) => goodsItem(r.g, r.validity, viewer.audience)),
      now,
    ),
    count?.n ?? 0,
    { page, page_size: pageSize },
  );
}

// Flash-sale sessions run one calendar day in China Standard Time (UTC+8, no daylight saving).
const DAY_MS = 24 * 3600_000;

/** The session containing `now`: [start, end) as Dates. */
export function spikeWindow(now: Date): { start: Date; end: Date } {
  const startMs = Math.floor((now.getTime() + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
  return { start: new Date(startMs), end: new Date(startMs + DAY_MS) };
}

/**
 * A running flash-sale activity as the spike floor lists it: its goods in the operator's
 * order with their flash price (fen) and per-buyer limit, and its window (epoch ms). The
 * activity module, which owns the activities, hands it down.
 */
export interface SpikeActivity {
  start: number;
  end: number;
  items: readonly { goodsId: number; price: number; limit: number }[];
}

/** A spike goods of a flash-sale activity: the item with its flash price (hidden as prices are) and limit. */
export type SpikeGoodsItem = GoodsItem & { activity_price: string | null; limit: number };

/** The goods of a flash-sale activity the viewer may see, in the activity's order. */
async function activitySpike(
  db: Queryable,
  viewer: Viewer,
  flash: SpikeActivity,
  limit: number,
  now: Date,
): Promise<SpikeSession> {
  const items = flash.items.slice(0, limit);
  const ids = items.map((it) => it.goodsId);
  const rows = ids.length
    ? await db
        .select({ g: itemColumns, validity })
        .from(goods)
        .where(and(visibleTo(viewer), inArray(goods.id, ids)))
    : [];
  const byId = new Map(rows.map((r) => [r.g.id, r]));
  const show = viewer.audience === 'approved';
  const list: SpikeGoodsItem[] = items.flatMap((it) => {
    const r = byId.get(it.goodsId);
    if (!r) return [];
    const item = goodsItem(r.g, r.validity, viewer.audience);
    return [{ ...item, activity_price: show ? fenToYuan(it.price) : null, limit: it.limit }];
  });
  return {
    start_time: unixSeconds(new Date(flash.start)),
    end_time: unixSeconds(new Date(flash.end)),
    list: await withShelfFlags(db, viewer, list, now),
  };
}

/**
 * `GET /api/index/spike`: the goods of the running flash-sale activity (`flash`) and its
 * window; without one, the goods of the spike zone and the day's session.
 */
export async function spikeSession(
  db: Queryable,
  now: Date,
  viewer: Viewer,
  limit = 20,
  flash: SpikeActivity | null = null,
): Promise<SpikeSession> {
  if (flash) return activitySpike(db, viewer, flash, limit, now);
  const rows = await db
    .select({ g: goods, validity })
    .from(goods)
    .where(and(visibleTo(viewer), sql`${goods.zones} @> array['spike']::text[]`))
    .orderBy(desc(sql`(${goods.stock} > 0 and ${goods.isBuy})`), desc(goods.sales), asc(goods.id))
    .limit(limit);
  const { start, end } = spikeWindow(now);
  return {
    start_time: unixSeconds(start),
    end_time: unixSeconds(end),
    list: await withShelfFlags(
      db,
      viewer,
      rows.map((r) => goodsItem(r.g, r.validity, viewer.audience)),
      now,
    ),
  };
}
