import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../account/schema.js';
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
