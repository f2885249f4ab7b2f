import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Kinds of promotion the cart prices: full-spend (满减), whole-store discount (94折), buy-and-get gift. */
export type ActivityKind = 'manjian' | 'discount' | 'gift';

/** Rules by kind, amounts in fen. */
export interface ManjianRules {
  tiers: { amount: number; reduce: number }[];
}
export interface DiscountRules {
  ratePerMille: number;
  excludedGoodsIds: number[];
}
export interface GiftRules {
  buy: number;
  give: number;
  type: 1 | 2;
  name: string;
}
export type ActivityRules = ManjianRules | DiscountRules | GiftRules;

/**
 * Promotions priced by the cart. `goods_ids` is the scope (empty: the whole store; a gift
 * always names its goods). One running activity per kind is applied (the lowest id).
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ActivityKind>().notNull(),
    name: text('name').notNull(),
    /** Route of the activity page (/hb, /welfare …), '' none. */
    url: text('url').notNull().default(''),
    goodsIds: integer('goods_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    rules: jsonb('rules').$type<ActivityRules>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('activities_running_idx').on(t.enabled, t.endsAt)],
);

/** A combination (组合购, cart line type 3): goods sold together at one price. */
export const combinations = pgTable('combinations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Price of one set in fen. */
  price: integer('price').notNull(),
  items: jsonb('items').$type<{ goodsId: number; number: number }[]>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  onSale: boolean('on_sale').notNull().default(true),
});
