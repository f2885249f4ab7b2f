import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Kinds of activity. Priced by the cart: full-spend (满减), whole-store discount (94折),
 * buy-and-get gift (买赠), flash sale (秒杀, a flash price with a per-buyer limit) and daily
 * special (每日特价, the same on the day's items). Credited after the order: full-spend
 * cashback (满返). Shown only: template (专区/活动模板 pages: banner, goods sections, coupons).
 */
export type ActivityKind = 'manjian' | 'discount' | 'gift' | 'manfan' | 'flash' | 'special' | 'template';

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
/** 满返: the highest tier reached by the eligible amount credits `back` fen after completion. */
export interface ManfanRules {
  tiers: { amount: number; back: number }[];
}
/** One goods of a flash sale or a daily special: its price (fen) and per-buyer limit (0 none). */
export interface PricedItem {
  goodsId: number;
  price: number;
  limit: number;
  /** Daily specials: the China day (YYYY-MM-DD) the item runs; absent every day of the window. */
  date?: string;
}
/** 秒杀 and 每日特价. */
export interface PricedItemsRules {
  items: PricedItem[];
}
/** 专区/活动模板: sections of goods and the coupons offered on the page. */
export interface TemplateRules {
  sections: { title: string; goodsIds: number[] }[];
  couponIds: number[];
}
export type ActivityRules =
  ManjianRules | DiscountRules | GiftRules | ManfanRules | PricedItemsRules | TemplateRules;

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
    /** The page's banner image URL ('' none) and the rules text shown on it. */
    banner: text('banner').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activities_running_idx').on(t.enabled, t.endsAt), index('activities_url_idx').on(t.url)],
);

/** Taps on an activity (POST /api/activity/tap), counted per China day for the activity report. */
export const activityTaps = pgTable(
  'activity_taps',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    taps: integer('taps').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.day] })],
);

/**
 * 满返 cashback of an order: recorded 'pending' when the order is placed, 'credited' to the
 * balance (money log 6) when it completes, 'cancelled' when it is cancelled unpaid or paid;
 * a return after crediting takes back what the order no longer earns (money log 7,
 * `reversed` fen so far).
 */
export const cashbacks = pgTable(
  'cashbacks',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    memberId: integer('member_id').notNull(),
    activityId: integer('activity_id').notNull(),
    /** The amount the tier was judged on and the tiers as they were (fen). */
    eligibleAmount: integer('eligible_amount').notNull(),
    tiers: jsonb('tiers').$type<{ amount: number; back: number }[]>().notNull(),
    amount: integer('amount').notNull(),
    reversed: integer('reversed').notNull().default(0),
    status: text('status').$type<'pending' | 'credited' | 'cancelled'>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cashbacks_order_uq').on(t.orderId),
    index('cashbacks_activity_idx').on(t.activityId),
    index('cashbacks_member_idx').on(t.memberId),
  ],
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
