import type { MoneyUseType } from '@kc/domain';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../account/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The wallet's money log: every change of `members.balance`, signed fen, with the balance
 * after it. Written in the same transaction as the change.
 */
export const moneyLogs = pgTable(
  'money_logs',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    useType: integer('use_type').$type<MoneyUseType>().notNull(),
    orderId: integer('order_id'),
    orderNo: text('order_no').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('money_logs_member_idx').on(t.memberId, t.id),
    index('money_logs_member_created_idx').on(t.memberId, t.createdAt),
  ],
);

/** Every change of `members.points`, signed, with the points after it. */
export const pointsLogs = pgTable(
  'points_logs',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    points: integer('points').notNull(),
    pointsAfter: integer('points_after').notNull(),
    reason: text('reason').notNull(),
    orderId: integer('order_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('points_logs_member_idx').on(t.memberId, t.id)],
);
