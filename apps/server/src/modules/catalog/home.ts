import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import {
  CHINA_OFFSET_MS,
  paginate,
  unixSeconds,
  type GoodsItem,
  type Paginated,
  type SpikeSession,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { validity } from './read.js';
import { goods } from './schema.js';
import { goodsItem, visibleTo, type Viewer } from './view.js';

/** `GET /api/index_wntj/:page` (为你推荐): best sellers that can be bought now. */
export async function recommended(
  db: Queryable,
  page: number,
  viewer: Viewer,
  pageSize = 20,
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
    rows.map((r) => goodsItem(r.g, r.validity, viewer.audience)),
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

/** `GET /api/index/spike`: the flash-sale goods and the session's countdown end. */
export async function spikeSession(
  db: Queryable,
  now: Date,
  viewer: Viewer,
  limit = 20,
): Promise<SpikeSession> {
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
    list: rows.map((r) => goodsItem(r.g, r.validity, viewer.audience)),
  };
}
