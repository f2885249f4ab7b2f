import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '@kc/domain';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../account/schema.js';
import { orders } from '../order/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Payment attempts. At most one payment of an order can succeed: a partial unique index on
 * (order_id) where status = 'paid' makes a double charge impossible even if two paths race.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    paymentNo: text('payment_no').notNull(),
    /** The order paid; null for a balance top-up (kind 'recharge'). */
    orderId: integer('order_id').references(() => orders.id),
    /** 'order' pays an order; 'recharge' tops up the member's balance (在线充值). */
    kind: text('kind').$type<'order' | 'recharge'>().notNull().default('order'),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    method: text('method').$type<PaymentMethod>().notNull(),
    /** 'online' payments: the provider that serves them ('simulator' in development). */
    provider: text('provider').notNull().default(''),
    amount: integer('amount').notNull(),
    /**
     * pending → paid | closed; paid → refunded when the paid order is cancelled. Money that
     * arrives for an order already closed or paid another way is refunded to the balance at
     * once (status refunded), so 'paid' stays unique per order.
     */
    status: text('status').$type<'pending' | 'paid' | 'closed' | 'refunded'>().notNull().default('pending'),
    /** The gateway's transaction number, or the operator's note of the bank transfer. */
    tradeNo: text('trade_no').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
  },
  (t) => [
    uniqueIndex('payments_no_uq').on(t.paymentNo),
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_one_paid_uq')
      .on(t.orderId)
      .where(sql`status = 'paid'`),
  ],
);

/** Every gateway notification received, verified or not (an audit trail and replay guard). */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    paymentNo: text('payment_no').notNull(),
    tradeNo: text('trade_no').notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    verified: integer('verified').notNull(),
    result: text('result').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_notifications_no_idx').on(t.paymentNo)],
);
