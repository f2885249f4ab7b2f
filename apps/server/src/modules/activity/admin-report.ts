import { sql } from 'drizzle-orm';
import { fenToYuan, type ActivityReport } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { activityById, activityRowView, type ActivityRow } from './admin-service.js';

/** The China day of a timestamptz column, as 'YYYY-MM-DD' (UTC+8, no daylight saving). */
const chinaDay = (col: ReturnType<typeof sql.raw>) =>
  sql`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

const num = (v: unknown) => Number(v ?? 0);

/**
 * What the activity gave away on the orders it priced, in fen: 满减 the orders' reductions,
 * 折扣 their discount, 秒杀/特价 (list − activity price) × units of the lines it priced, 买赠
 * the gift units of its goods at list price; 满返 and templates give nothing at the order.
 */
async function discountGiven(db: Queryable, a: ActivityRow): Promise<number> {
  const counted = sql`o.activity_ids @> array[${a.id}]::int[] and o.status <> 4`;
  let q;
  switch (a.kind) {
    case 'manjian':
      q = sql`select coalesce(sum(o.manjian_amount), 0)::float8 as v from orders o where ${counted}`;
      break;
    case 'discount':
      q = sql`select coalesce(sum(o.discount_saving), 0)::float8 as v from orders o where ${counted}`;
      break;
    case 'flash':
    case 'special':
      q = sql`select coalesce(sum(greatest(l.raw_price - l.unit_price, 0)::float8 * l.number), 0)::float8 as v
        from order_lines l join orders o on o.id = l.order_id
        where l.activity_id = ${a.id} and o.status <> 4`;
      break;
    case 'gift':
      q = sql`select coalesce(sum(l.raw_price::float8 * l.number), 0)::float8 as v
        from order_lines l join orders o on o.id = l.order_id
        where ${counted} and l.is_gift and l.goods_id = any(${sql.param(a.goodsIds)}::int[])`;
      break;
    default:
      return 0;
  }
  return num(rowsOf<{ v: number }>(await db.execute(q))[0]?.v);
}

/**
 * `GET /api/admin/activities/{id}/report`: the orders whose `activity_ids` hold the activity
 * (not cancelled), their buyers and goods amount, what it gave away, 满返 cashback by state,
 * and taps, with a row per China day that had an order or a tap. Reads the order tables by
 * SQL (the order module owns them; activity ranks below it and only reads).
 */
export async function activityReport(db: Queryable, id: number, now: Date): Promise<ActivityReport> {
  const a = await activityById(db, id);
  const oCreated = sql.raw('o.created_at');
  const [totalsRes, ordersByDay, tapsRes, cashRes, given] = await Promise.all([
    db.execute(sql`
      select count(*)::int as orders, count(distinct o.member_id)::int as buyers,
        coalesce(sum(o.goods_amount), 0)::float8 as goods_amount
      from orders o where o.activity_ids @> array[${id}]::int[] and o.status <> 4`),
    db.execute(sql`
      select ${chinaDay(oCreated)} as day, count(*)::int as orders, coalesce(sum(o.goods_amount), 0)::float8 as amount
      from orders o where o.activity_ids @> array[${id}]::int[] and o.status <> 4
      group by 1`),
    db.execute(
      sql`select to_char(day, 'YYYY-MM-DD') as day, taps from activity_taps where activity_id = ${id}`,
    ),
    db.execute(sql`
      select coalesce(sum(amount) filter (where status = 'pending'), 0)::float8 as pending,
        coalesce(sum(amount) filter (where status = 'credited'), 0)::float8 as credited,
        coalesce(sum(reversed), 0)::float8 as reversed
      from cashbacks where activity_id = ${id}`),
    discountGiven(db, a),
  ]);
  const totals = rowsOf<{ orders: number; buyers: number; goods_amount: number }>(totalsRes)[0];
  const cash = rowsOf<{ pending: number; credited: number; reversed: number }>(cashRes)[0];
  const days = new Map<string, { orders: number; amount: number; taps: number }>();
  const dayOf = (d: string) => {
    const row = days.get(d) ?? { orders: 0, amount: 0, taps: 0 };
    days.set(d, row);
    return row;
  };
  for (const r of rowsOf<{ day: string; orders: number; amount: number }>(ordersByDay)) {
    const d = dayOf(r.day);
    d.orders = num(r.orders);
    d.amount = num(r.amount);
  }
  let taps = 0;
  for (const r of rowsOf<{ day: string; taps: number }>(tapsRes)) {
    dayOf(r.day).taps = num(r.taps);
    taps += num(r.taps);
  }
  const orders = num(totals?.orders);
  return {
    activity: activityRowView(a, orders, now),
    orders,
    buyers: num(totals?.buyers),
    goods_amount: fenToYuan(num(totals?.goods_amount)),
    discount_given: fenToYuan(given),
    cashback_pending: fenToYuan(num(cash?.pending)),
    cashback_credited: fenToYuan(num(cash?.credited)),
    cashback_reversed: fenToYuan(num(cash?.reversed)),
    taps,
    by_day: [...days.entries()]
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([day, d]) => ({ day, orders: d.orders, amount: fenToYuan(d.amount), taps: d.taps })),
  };
}
