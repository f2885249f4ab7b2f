import type { CouponKind, CouponScope, MemberCouponStatus } from '@kc/domain';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../account/schema.js';

/** Coupon templates (优惠券): 满减 / 折扣 / 现金券. Amounts in fen; a discount in per-mille. */
export const couponTemplates = pgTable('coupon_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<CouponKind>().notNull(),
  /** Minimum eligible amount in fen (0 = none). */
  threshold: integer('threshold').notNull().default(0),
  /** Money off in fen (满减, 现金券). */
  amount: integer('amount').notNull().default(0),
  /** Discount rate in per-mille (折扣: 950 = 95折). */
  rate: integer('rate').notNull().default(1000),
  scope: text('scope').$type<CouponScope>().notNull().default('all'),
  /** Category or goods ids when `scope` is not 'all'. */
  scopeIds: integer('scope_ids').array().notNull().default([]),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  /** Valid this many days from the claim instead of the window (0: the window). */
  validDays: integer('valid_days').notNull().default(0),
  /** Shown in the coupon centre (领券中心) for members to claim. */
  published: boolean('published').notNull().default(false),
  /** Claiming is open in this window (null: from publication / while valid). */
  claimStartsAt: timestamp('claim_starts_at', { withTimezone: true }),
  claimEndsAt: timestamp('claim_ends_at', { withTimezone: true }),
  /** How many may be claimed or issued in all (0: no limit), and how many have been. */
  total: integer('total').notNull().default(0),
  claimed: integer('claimed').notNull().default(0),
  /** How many one member may hold of it (claims and issues). */
  perMember: integer('per_member').notNull().default(1),
  description: text('description').notNull().default(''),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Coupons held by members. */
export const memberCoupons = pgTable(
  'member_coupons',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    status: text('status').$type<MemberCouponStatus>().notNull().default('unused'),
    usedOrderId: integer('used_order_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Its own end of validity (a template valid N days from the claim); null: the template's. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** 'claim' (coupon centre), 'issue' (an operator), 'draw' (a prize), 'seed'. */
    source: text('source').notNull().default('issue'),
    /** When the member was told this coupon expires soon (once per coupon). */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_coupons_member_idx').on(t.memberId, t.status),
    index('member_coupons_template_idx').on(t.templateId, t.memberId),
  ],
);

/** Prize draws (抽奖): a window, prizes with odds and stock; a member draws once per draw. */
export const draws = pgTable('draws', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A draw's prizes. `odds` per 10,000 draws; `stock` how many may be awarded in all, `awarded`
 * how many were. Kinds: 'coupon' (a coupon template), 'points', 'balance' (fen), 'goods' (a
 * gift shipped to the member), 'none' (谢谢参与).
 */
export const drawPrizes = pgTable(
  'draw_prizes',
  {
    id: serial('id').primaryKey(),
    drawId: integer('draw_id')
      .notNull()
      .references(() => draws.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** Points, or fen of balance. */
    value: integer('value').notNull().default(0),
    couponTemplateId: integer('coupon_template_id'),
    image: text('image').notNull().default(''),
    odds: integer('odds').notNull(),
    stock: integer('stock').notNull().default(0),
    awarded: integer('awarded').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('draw_prizes_draw_idx').on(t.drawId, t.sort)],
);

/** Who drew what: one row per member and draw (the unique index is the "joins once" rule). */
export const drawRecords = pgTable(
  'draw_records',
  {
    id: serial('id').primaryKey(),
    drawId: integer('draw_id')
      .notNull()
      .references(() => draws.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    prizeId: integer('prize_id'),
    prizeName: text('prize_name').notNull(),
    prizeKind: text('prize_kind').notNull(),
    /** A goods prize: shipped by the back office ('' / 'pending' / 'shipped'). */
    fulfilment: text('fulfilment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('draw_records_member_uq').on(t.drawId, t.memberId),
    index('draw_records_member_idx').on(t.memberId, t.id),
  ],
);

/**
 * The points mall (积分商城): gifts for points. `goodsId` links a catalogue goods when the gift
 * is one (its order line then names it); otherwise the gift stands alone. Redemptions are
 * orders of kind 'points'.
 */
export const pointsGoods = pgTable(
  'points_goods',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    description: text('description').notNull().default(''),
    points: integer('points').notNull(),
    stock: integer('stock').notNull().default(0),
    /** Redemptions per member (0: no limit). */
    perMember: integer('per_member').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(true),
    goodsId: integer('goods_id'),
    sort: integer('sort').notNull().default(0),
    redeemed: integer('redeemed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('points_goods_sale_idx').on(t.onSale, t.sort)],
);
