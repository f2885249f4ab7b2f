import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { InvoiceDocState, InvoiceKind } from '@kc/domain';
import type { InvoiceItem } from '../../providers/einvoice.js';
import { members, uploadedFiles } from '../account/schema.js';
import { orders, type InvoiceSnapshot } from '../order/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * E-invoices (issue 14). A row is written 开具中 before the provider is asked (so a lost answer
 * is retried under the same serial, never issued twice) and becomes 已开具 with its number and
 * PDF. A refund after issue adds a red row cancelling the blue one (which becomes 已红冲) and,
 * when something stays paid, a new blue row. Amounts in fen, tax included; red rows negative.
 */
export const eInvoices = pgTable(
  'e_invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    /** 1 普通发票, 2 增值税专用发票 (the order's choice). */
    type: integer('type').$type<1 | 2>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceSnapshot>().notNull(),
    items: jsonb('items').$type<InvoiceItem[]>().notNull(),
    amount: integer('amount').notNull(),
    tax: integer('tax').notNull(),
    status: text('status').$type<InvoiceDocState>().notNull().default('issuing'),
    invoiceNo: text('invoice_no').notNull().default(''),
    /** A red invoice: the blue one it cancels. */
    redOfId: integer('red_of_id').references((): AnyPgColumn => eInvoices.id),
    provider: text('provider').notNull(),
    development: boolean('development').notNull().default(false),
    fileId: integer('file_id').references(() => uploadedFiles.id),
    /** The provider's refusal of the last try; '' when none. */
    error: text('error').notNull().default(''),
    operatorId: integer('operator_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    issuedAt: at('issued_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('e_invoices_order_idx').on(t.orderId, t.id),
    index('e_invoices_member_idx').on(t.memberId, t.orderId),
    // At most one blue invoice being issued and one in force per order, and one red per blue.
    uniqueIndex('e_invoices_blue_issuing_uq')
      .on(t.orderId)
      .where(sql`kind = 'blue' and status = 'issuing'`),
    uniqueIndex('e_invoices_blue_issued_uq')
      .on(t.orderId)
      .where(sql`kind = 'blue' and status = 'issued'`),
    uniqueIndex('e_invoices_red_of_uq')
      .on(t.redOfId)
      .where(sql`kind = 'red'`),
  ],
);
