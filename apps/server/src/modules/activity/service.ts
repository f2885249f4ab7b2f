import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  CHINA_OFFSET_MS,
  type Cashback,
  type Combination,
  type FullSpend,
  type GiftRule,
  type StoreDiscount,
} from '@kc/domain';
import type { Bus, Publisher } from '../../platform/bus.js';
import { prepared, rowsOf, type Queryable } from '../../platform/db.js';
import {
  activities,
  combinations,
  type ActivityKind,
  type ActivityRules,
  type DiscountRules,
  type GiftRules,
  type ManfanRules,
  type ManjianRules,
  type PricedItem,
  type PricedItemsRules,
} from './schema.js';

export { boughtAtPrices } from './bought.js';

/** A flash-sale or daily-special price of one goods, with the activity it comes from. */
export interface RunningPrice {
  activityId: number;
  kind: 'flash' | 'special';
  /** Fen per unit. */
  price: number;
  /** Per-buyer limit in units over the window (0 none). */
  limit: number;
  /** The window the price and the limit run in, epoch ms: the activity's, cut to the China day for a daily special. */
  start: number;
  end: number;
}

/** The 满返 running: the tiers (fen) and its scope (empty: the whole store). */
export type RunningCashback = Cashback;

/** The promotions running at a moment, as the pricing engine takes them. */
export interface RunningActivities {
  fullSpend: FullSpend | null;
  discount: StoreDiscount | null;
  /** The id of the running whole-store discount, or null. */
  discountId: number | null;
  /** Gift rules by goods id. */
  gifts: Map<number, GiftRule>;
  /** The gift activity's id by goods id. */
  giftIds: Map<number, number>;
  /** 满返, credited after the order completes. */
  cashback: RunningCashback | null;
  /** Flash-sale and daily-special prices by goods id (the lower price wins; the flash sale on a tie). */
  prices: Map<number, RunningPrice>;
}

type ActivityRow = {
  id: number;
  kind: ActivityKind;
  name: string;
  goodsIds: number[];
  rules: unknown;
  /** Epoch ms. */
  startsAt: number;
  endsAt: number;
};

/**
 * How long a process serves the promotions from memory before it reads them again. Activities
 * change through `createActivity`, which clears this process's copy at once and, given the
 * app's bus, every other instance's (`promotions.changed`, see `watchPromotions`). The time is
 * the safety net: a change the bus did not carry (a write straight into the table, a message
 * lost while Redis was down) shows within it. It is measured on the clock the caller passes
 * (`now`), so a test that holds its clock still keeps the copy, and one that moves it past
 * this reads again.
 */
export const ACTIVITY_CACHE_MS = 5_000;

/** The bus topic of activity writes: every instance drops its running promotions. */
export const PROMOTIONS_CHANGED = 'promotions.changed';

interface ActivityCopy {
  /** The activities not yet ended when read, with the `now` of that read and the generation. */
  rows: ActivityRow[];
  readAt: number;
  generation: number;
}

/** One copy per database; a transaction always reads its own (it may be placing an order). */
const copies = new WeakMap<object, ActivityCopy>();
/** Bumped by every activity write in this process: every copy is stale after one. */
let generation = 0;

async function activityRows(db: Queryable, now: Date): Promise<ActivityRow[]> {
  const at = now.getTime();
  const shared = !(db instanceof PgTransaction);
  const copy = shared ? copies.get(db) : undefined;
  if (copy && copy.generation === generation && at >= copy.readAt && at < copy.readAt + ACTIVITY_CACHE_MS)
    return copy.rows;
  const seen = generation;
  // The enabled activities that have not ended: those running now and those about to start.
  const res = await db.execute(
    prepared(sql`
      select id, kind, name, goods_ids as "goodsIds", rules,
        (extract(epoch from starts_at) * 1000)::float8 as "startsAt",
        (extract(epoch from ends_at) * 1000)::float8 as "endsAt"
      from ${activities}
      where enabled and ends_at > ${now}
      order by id`),
  );
  const rows = rowsOf<ActivityRow>(res);
  if (shared) copies.set(db, { rows, readAt: at, generation: seen });
  return rows;
}

/**
 * Every activity running at `now`; the lowest id wins per kind. Read from the database at most
 * once per ACTIVITY_CACHE_MS per process (every cart call needs them; they rarely change).
 */
export async function runningActivities(db: Queryable, now: Date): Promise<RunningActivities> {
  const at = now.getTime();
  const out: RunningActivities = {
    fullSpend: null,
    discount: null,
    discountId: null,
    gifts: new Map(),
    giftIds: new Map(),
    cashback: null,
    prices: new Map(),
  };
  const today = chinaDay(at);
  for (const a of await activityRows(db, now)) {
    if (a.startsAt > at || a.endsAt <= at) continue;
    if (a.kind === 'manjian' && !out.fullSpend) {
      const r = a.rules as ManjianRules;
      out.fullSpend = { id: a.id, name: a.name, tiers: r.tiers, goodsIds: a.goodsIds };
    } else if (a.kind === 'discount' && !out.discount) {
      const r = a.rules as DiscountRules;
      out.discount = { ratePerMille: r.ratePerMille, excludedGoodsIds: r.excludedGoodsIds };
      out.discountId = a.id;
    } else if (a.kind === 'gift') {
      const r = a.rules as GiftRules;
      for (const id of a.goodsIds)
        if (!out.gifts.has(id)) {
          out.gifts.set(id, { ...r });
          out.giftIds.set(id, a.id);
        }
    } else if (a.kind === 'manfan' && !out.cashback) {
      const r = a.rules as ManfanRules;
      out.cashback = { id: a.id, name: a.name, tiers: r.tiers, goodsIds: a.goodsIds };
    } else if (a.kind === 'flash' || a.kind === 'special') {
      const r = a.rules as PricedItemsRules;
      // A daily special runs by the China day, dated or not: its price and its limit are the day's.
      const daily = a.kind === 'special';
      for (const it of r.items) {
        if (it.date && it.date !== today.date) continue;
        const start = daily ? Math.max(a.startsAt, today.start) : a.startsAt;
        const end = daily ? Math.min(a.endsAt, today.end) : a.endsAt;
        const price: RunningPrice = {
          activityId: a.id,
          kind: a.kind,
          price: it.price,
          limit: it.limit,
          start,
          end,
        };
        const held = out.prices.get(it.goodsId);
        if (
          !held ||
          price.price < held.price ||
          (price.price === held.price && a.kind === 'flash' && held.kind !== 'flash')
        )
          out.prices.set(it.goodsId, price);
      }
    }
  }
  return out;
}

/** The flash sale (秒杀) running at a moment: its items and its window (epoch ms). */
export interface RunningFlashSale {
  id: number;
  name: string;
  start: number;
  end: number;
  items: PricedItem[];
}

/**
 * The flash sale running at `now` (the lowest id when several run), or null: the home page's
 * spike floor. From the same copy as `runningActivities`, so it costs no statement when warm.
 */
export async function runningFlashSale(db: Queryable, now: Date): Promise<RunningFlashSale | null> {
  const at = now.getTime();
  for (const a of await activityRows(db, now))
    if (a.kind === 'flash' && a.startsAt <= at && a.endsAt > at) {
      const { items } = a.rules as PricedItemsRules;
      return { id: a.id, name: a.name, start: a.startsAt, end: a.endsAt, items };
    }
  return null;
}

/**
 * The activity that priced a goods at `running` (its flash or daily-special price), or null:
 * what an order line sold at that price records as `order_lines.activity_id`.
 */
export function pricedActivityOf(running: RunningActivities, goodsId: number): number | null {
  return running.prices.get(goodsId)?.activityId ?? null;
}

const DAY_MS = 24 * 3600_000;

/** The China day (UTC+8) containing `at`: its date and its [start, end) in epoch ms. */
export function chinaDay(at: number): { date: string; start: number; end: number } {
  const start = Math.floor((at + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
  return { date: new Date(start + CHINA_OFFSET_MS).toISOString().slice(0, 10), start, end: start + DAY_MS };
}

export interface NewActivity {
  kind: ActivityKind;
  name: string;
  url?: string;
  goodsIds?: number[];
  rules: ActivityRules;
  startsAt: Date;
  endsAt: Date;
  banner?: string;
  description?: string;
}

/** Creates an activity; refuses an empty window or full-spend tiers that do not rise. */
export async function createActivity(db: Queryable, a: NewActivity, events?: Publisher): Promise<number> {
  if (a.endsAt <= a.startsAt) throw new RangeError('activity ends before it starts');
  if (a.kind === 'manjian') {
    const tiers = (a.rules as ManjianRules).tiers;
    if (tiers.some((t) => t.reduce <= 0 || t.reduce >= t.amount)) throw new RangeError('bad full-spend tier');
  }
  const [row] = await db
    .insert(activities)
    .values({ ...a, goodsIds: a.goodsIds ?? [], url: a.url ?? '' })
    .returning({ id: activities.id });
  activitiesChanged(events);
  if (!row) throw new Error('activity not created');
  return row.id;
}

/**
 * Every write to `activities` (or `combinations`) calls this after it: this process's copies of
 * the running promotions are stale at once, and the bus tells every other instance.
 */
export function activitiesChanged(events?: Publisher): void {
  generation += 1;
  events?.publish(PROMOTIONS_CHANGED);
}

/**
 * Drops this process's copies of the running promotions whenever the bus says they changed
 * (on this instance or, with Redis, another). Returns the unsubscribe function.
 */
export function watchPromotions(bus: Pick<Bus, 'subscribe'>): () => void {
  return bus.subscribe(PROMOTIONS_CHANGED, () => {
    generation += 1;
  });
}

export interface NewCombination {
  name: string;
  price: number;
  items: { goodsId: number; number: number }[];
  startsAt: Date;
  endsAt: Date;
}

/** Creates a combination (组合购). */
export async function createCombination(db: Queryable, c: NewCombination): Promise<number> {
  if (c.items.length < 2) throw new RangeError('a combination holds at least two goods');
  const [row] = await db.insert(combinations).values(c).returning({ id: combinations.id });
  if (!row) throw new Error('combination not created');
  return row.id;
}

/** A combination with its items' current prices and stock, and whether it is on sale at `now`. */
export type CombinationRow = Combination & { onSale: boolean };

/** The combinations of `ids` with their items, in one query. */
export async function combinationsByIds(
  db: Queryable,
  ids: readonly number[],
  now: Date,
): Promise<CombinationRow[]> {
  if (ids.length === 0) return [];
  const res = await db.execute(sql`
    select c.id, c.name, c.price,
      (c.on_sale and c.starts_at <= ${now} and c.ends_at > ${now}) as on_sale,
      json_agg(json_build_object('goodsId', g.id, 'number', (i->>'number')::int, 'price', g.price,
        'stock', g.stock, 'isBuy', g.is_buy and g.on_shelf) order by g.id) as items
    from combinations c
    cross join jsonb_array_elements(c.items) i
    join goods g on g.id = (i->>'goodsId')::int
    where c.id = any(${sql.param([...ids])}::int[])
    group by c.id`);
  type Row = { id: number; name: string; price: number; on_sale: boolean; items: Combination['items'] };
  return rowsOf<Row>(res).map((r) => ({
    id: r.id,
    name: r.name,
    price: r.price,
    items: r.items,
    onSale: r.on_sale,
  }));
}
