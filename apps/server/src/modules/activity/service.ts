import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Combination, FullSpend, GiftRule, StoreDiscount } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import {
  activities,
  combinations,
  type ActivityKind,
  type DiscountRules,
  type GiftRules,
  type ManjianRules,
} from './schema.js';

/** The promotions running at a moment, as the pricing engine takes them. */
export interface RunningActivities {
  fullSpend: FullSpend | null;
  discount: StoreDiscount | null;
  /** Gift rules by goods id. */
  gifts: Map<number, GiftRule>;
}

/** Every running activity in one query; the lowest id wins per kind. */
export async function runningActivities(db: Queryable, now: Date): Promise<RunningActivities> {
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.enabled, true), lte(activities.startsAt, now), gt(activities.endsAt, now)))
    .orderBy(asc(activities.id));
  const out: RunningActivities = { fullSpend: null, discount: null, gifts: new Map() };
  for (const a of rows) {
    if (a.kind === 'manjian' && !out.fullSpend) {
      const r = a.rules as ManjianRules;
      out.fullSpend = { id: a.id, name: a.name, tiers: r.tiers, goodsIds: a.goodsIds };
    } else if (a.kind === 'discount' && !out.discount) {
      const r = a.rules as DiscountRules;
      out.discount = { ratePerMille: r.ratePerMille, excludedGoodsIds: r.excludedGoodsIds };
    } else if (a.kind === 'gift') {
      const r = a.rules as GiftRules;
      for (const id of a.goodsIds) if (!out.gifts.has(id)) out.gifts.set(id, { ...r });
    }
  }
  return out;
}

export interface NewActivity {
  kind: ActivityKind;
  name: string;
  url?: string;
  goodsIds?: number[];
  rules: ManjianRules | DiscountRules | GiftRules;
  startsAt: Date;
  endsAt: Date;
}

/** Creates an activity; refuses an empty window or full-spend tiers that do not rise. */
export async function createActivity(db: Queryable, a: NewActivity): Promise<number> {
  if (a.endsAt <= a.startsAt) throw new RangeError('activity ends before it starts');
  if (a.kind === 'manjian') {
    const tiers = (a.rules as ManjianRules).tiers;
    if (tiers.some((t) => t.reduce <= 0 || t.reduce >= t.amount)) throw new RangeError('bad full-spend tier');
  }
  const [row] = await db
    .insert(activities)
    .values({ ...a, goodsIds: a.goodsIds ?? [], url: a.url ?? '' })
    .returning({ id: activities.id });
  if (!row) throw new Error('activity not created');
  return row.id;
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

/** PGlite and node-postgres both return `{ rows }` from execute. */
export function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}
