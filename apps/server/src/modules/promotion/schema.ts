import type { CouponKind, CouponScope, MemberCouponStatus } from '@kc/domain';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_coupons_member_idx').on(t.memberId, t.status)],
);
