import { sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@kc/domain';
import { prepared, rowsOf, type Queryable } from '../../platform/db.js';
import type { RunningPrice } from './service.js';

/**
 * How many units of each goods a member has already bought at its running flash-sale or
 * daily-special price: the order lines that price wrote (`order_lines.activity_id`, written
 * when the order is placed) in the member's orders not cancelled, placed inside the price's
 * window. The per-buyer limit of the price is what is left of it.
 *
 * One statement whatever the number of goods, driven by the member's orders in the window
 * (`orders_member_created_idx`); the order tables are the order module's, read here only.
 * The caller asks only for goods whose price has a limit, so a cart without one sends nothing.
 */
export async function boughtAtPrices(
  db: Queryable,
  memberId: number,
  wanted: readonly { goodsId: number; price: RunningPrice }[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (wanted.length === 0) return out;
  const from = Math.min(...wanted.map((w) => w.price.start));
  const to = Math.max(...wanted.map((w) => w.price.end));
  const res = await db.execute(
    prepared(sql`
      select w.goods_id as "goodsId", sum(ol.number)::int as n
      from orders o
      join order_lines ol on ol.order_id = o.id
      join unnest(
        ${sql.param(wanted.map((w) => w.goodsId))}::int[],
        ${sql.param(wanted.map((w) => w.price.activityId))}::int[],
        ${sql.param(wanted.map((w) => w.price.start))}::float8[],
        ${sql.param(wanted.map((w) => w.price.end))}::float8[]
      ) as w(goods_id, activity_id, s, e)
        on w.goods_id = ol.goods_id and w.activity_id = ol.activity_id
      where o.member_id = ${memberId} and o.status <> ${ORDER_STATUS.cancelled}
        and o.created_at >= ${new Date(from)} and o.created_at < ${new Date(to)}
        and o.created_at >= to_timestamp(w.s / 1000.0) and o.created_at < to_timestamp(w.e / 1000.0)
        and not ol.is_gift
      group by w.goods_id`),
  );
  for (const r of rowsOf<{ goodsId: number; n: number }>(res)) out.set(r.goodsId, r.n);
  return out;
}
