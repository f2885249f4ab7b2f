import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { goods } from '../catalog/schema.js';

/**
 * Release rules of 控销 (controlled-sales) goods: a goods in the `kx` zone is shown and sold
 * only to buyers one of its rules covers. '' in a field means any: buyer group = the member's
 * company type (药店/诊所/医院/批发企业), region = a prefix of the member's region
 * ("浙江省" covers "浙江省 杭州市 西湖区").
 */
export const kxReleases = pgTable(
  'kx_releases',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    buyerGroup: text('buyer_group').notNull().default(''),
    region: text('region').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kx_releases_goods_idx').on(t.goodsId)],
);
