import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../account/schema.js';

/**
 * Cart lines. `kind` 0 is a goods line (its type, 0 or 1 flash sale, follows the goods); 3 a
 * combination line whose `item_id` is the combination. One line per member and item: adds merge.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: integer('kind').notNull().default(0),
    /** The goods id (kind 0) or the combination id (kind 3). */
    itemId: integer('item_id').notNull(),
    number: integer('number').notNull(),
    isSelected: boolean('is_selected').notNull().default(true),
    /** The list price (fen) the buyer was last shown: a different current price is reported. */
    shownPrice: integer('shown_price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('cart_lines_member_item_uq').on(t.memberId, t.kind, t.itemId),
    index('cart_lines_member_idx').on(t.memberId, t.id),
  ],
);

/**
 * The buyer's own item codes (the 商品编码 of a pharmacy's ERP) and the goods each stands for,
 * learnt when quick purchase adds a list to the cart: the next list with the same codes
 * matches by code. One goods per member and code; choosing again replaces it.
 */
export const buyerItemCodes = pgTable(
  'buyer_item_codes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    goodsId: integer('goods_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('buyer_item_codes_member_code_uq').on(t.memberId, t.code)],
);
