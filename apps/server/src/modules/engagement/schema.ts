import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { BuyStatus, FeedbackStatus, JoinStatus } from '@kc/domain';
import { members, operators } from '../account/schema.js';
import { goods } from '../catalog/schema.js';

/** A member's favourite goods (我的收藏). One row per member and goods; re-adding is a no-op. */
export const favorites = pgTable(
  'favorites',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.goodsId] }),
    // The list reads a member's favourites newest first.
    index('favorites_member_created_idx').on(t.memberId, t.createdAt),
  ],
);

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A member's variety request (品种求购): goods the platform does not list, and the answer. */
export const buyRequests = pgTable(
  'buy_requests',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    name: text('name').notNull(),
    sccj: text('sccj').notNull(),
    ypgg: text('ypgg').notNull(),
    number: integer('number').notNull(),
    approvalNo: text('approval_no').notNull().default(''),
    remark: text('remark').notNull().default(''),
    status: text('status').$type<BuyStatus>().notNull().default('pending'),
    /** The listed goods when sourced. */
    goodsId: integer('goods_id').references(() => goods.id),
    reply: text('reply').notNull().default(''),
    answeredBy: integer('answered_by').references(() => operators.id),
    answeredAt: at('answered_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('buy_requests_member_idx').on(t.memberId, t.createdAt),
    index('buy_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/** A member's feedback (意见反馈) with up to three images and the operator's reply. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    type: integer('type').notNull(),
    content: text('content').notNull(),
    contact: text('contact').notNull().default(''),
    /** uploaded_files ids, in the order sent. */
    imageFileIds: integer('image_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    status: text('status').$type<FeedbackStatus>().notNull().default('pending'),
    reply: text('reply').notNull().default(''),
    repliedBy: integer('replied_by').references(() => operators.id),
    repliedAt: at('replied_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('feedbacks_member_idx').on(t.memberId, t.createdAt),
    index('feedbacks_status_idx').on(t.status, t.createdAt),
  ],
);

/** A franchise application (加盟申请) from the franchise zone; a visitor may send one too. */
export const joinApplications = pgTable(
  'join_applications',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => members.id),
    goodsId: integer('goods_id').references(() => goods.id),
    company: text('company').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    region: text('region').notNull(),
    remark: text('remark').notNull().default(''),
    status: text('status').$type<JoinStatus>().notNull().default('pending'),
    note: text('note').notNull().default(''),
    reviewedBy: integer('reviewed_by').references(() => operators.id),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('join_applications_status_idx').on(t.status, t.createdAt)],
);
