/**
 * The back office's dashboard (工作台): today's business and the queues waiting for someone,
 * each figure with the list it opens. A read model across modules: no module has a counting
 * function for these, so it reads their tables directly with one read-only statement (it
 * writes nothing; the tables' owners stay the only writers).
 */
import { sql } from 'drizzle-orm';
import {
  LOW_STOCK_THRESHOLD,
  NEAR_EXPIRY_MONTHS,
  chinaDate,
  fenToYuan,
  parseChinaTime,
  type DashboardView,
} from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' plus whole months (the near-expiry zone's rule, modules/catalog/read.ts). */
function monthsAfter(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

interface Counts {
  today_orders: number;
  today_sales: number;
  pending_members: number;
  transfers_to_confirm: number;
  orders_to_ship: number;
  returns_to_approve: number;
  returns_to_receive: number;
  returns_to_refund: number;
  low_stock_goods: number;
  near_expiry_goods: number;
  expired_lots: number;
  expired_units: number;
}

/**
 * Today is the China-time day. Orders today: goods orders placed today and not cancelled; sales
 * today: money received today for goods orders (paid_amount of those paid today). Low stock: on
 * shelf with stock under LOW_STOCK_THRESHOLD. Near expiry: goods with a lot holding units that
 * expires within NEAR_EXPIRY_MONTHS (the storefront's near-expiry zone); expired: lots past
 * their expiry still holding units.
 */
export async function dashboard(db: Queryable, now: Date): Promise<DashboardView> {
  const today = chinaDate(now);
  const startMs = parseChinaTime(today);
  const start = sql`${new Date(startMs).toISOString()}::timestamptz`;
  const end = sql`${new Date(startMs + DAY_MS).toISOString()}::timestamptz`;
  const soon = monthsAfter(today, NEAR_EXPIRY_MONTHS);
  const [c] = rowsOf<Counts>(
    await db.execute(sql`
      select
        (select count(*)::int from orders where kind = 'goods' and status <> 4
          and created_at >= ${start} and created_at < ${end}) as today_orders,
        (select coalesce(sum(paid_amount), 0)::int from orders where kind = 'goods'
          and paid_at >= ${start} and paid_at < ${end}) as today_sales,
        (select count(*)::int from members where status = 'pending') as pending_members,
        (select count(*)::int from orders o where o.status = 0 and exists (
          select 1 from payments p where p.order_id = o.id and p.method = 'offline' and p.status = 'pending'))
          as transfers_to_confirm,
        (select count(*)::int from orders where kind = 'goods' and status = 1) as orders_to_ship,
        (select count(*)::int from return_requests where status = 'pending') as returns_to_approve,
        (select count(*)::int from return_requests where status = 'approved') as returns_to_receive,
        (select count(*)::int from return_requests where status = 'received') as returns_to_refund,
        (select count(*)::int from goods where on_shelf and stock < ${LOW_STOCK_THRESHOLD}) as low_stock_goods,
        (select count(distinct goods_id)::int from goods_lots where quantity > 0
          and expires_on >= ${today}::date and expires_on < ${soon}::date) as near_expiry_goods,
        (select count(*)::int from goods_lots where quantity > 0 and expires_on < ${today}::date) as expired_lots,
        (select coalesce(sum(quantity), 0)::int from goods_lots where quantity > 0 and expires_on < ${today}::date)
          as expired_units`),
  );
  const n = c!;
  return {
    date: today,
    today_orders: { value: n.today_orders, path: `orders?status=all&start_date=${today}&end_date=${today}` },
    today_sales: {
      value: fenToYuan(n.today_sales),
      path: `orders?status=all&start_date=${today}&end_date=${today}`,
    },
    pending_members: { value: n.pending_members, path: 'members?status=pending' },
    transfers_to_confirm: { value: n.transfers_to_confirm, path: 'orders?status=0&payment_method=offline' },
    orders_to_ship: { value: n.orders_to_ship, path: 'orders?status=1' },
    returns_to_approve: { value: n.returns_to_approve, path: 'returns?status=pending' },
    returns_to_receive: { value: n.returns_to_receive, path: 'returns?status=approved' },
    returns_to_refund: { value: n.returns_to_refund, path: 'returns?status=received' },
    low_stock_goods: { value: n.low_stock_goods, path: 'goods?stock=low' },
    near_expiry_goods: { value: n.near_expiry_goods, path: 'lots?expiry=near' },
    expired_lots: { value: n.expired_lots, units: n.expired_units, path: 'lots?expiry=expired' },
  };
}
