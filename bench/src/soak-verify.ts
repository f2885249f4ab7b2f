// After a soak (or a drill): does the database hold what the buyers were told, and nothing
// half-written? Read straight from the cluster's database.
import pg from 'pg';
import type { OrderSeen } from './soak-kinds.js';
import { SOAK_GOODS_PREFIX } from './soak-world.js';

export interface Consistency {
  ok: boolean;
  orders_acknowledged: number;
  /** Acknowledged to the client but not in the database (must be 0). */
  acknowledged_missing: number;
  /** Acknowledged, but the key's order is another one (must be 0). */
  acknowledged_other_order: number;
  /** The client never learnt the outcome (a 5xx or a reset even after its retries). */
  outcome_unknown: number;
  /** …of which the database placed (the buyer finds it in the order centre; once). */
  outcome_unknown_placed: number;
  /** Orders of this run's buyers without the idempotency key that placed them (must be 0). */
  orders_without_key: number;
  orders_in_database: number;
  /** Orders without lines, lines not fully drawn from lots (must be 0). */
  orders_without_lines: number;
  lines_not_matching_lots: number;
  /** Soak goods whose stock is not the sum of their lots, or whose lots lost or gained units
   *  other than by live orders (must be 0). */
  goods_stock_mismatch: number;
  /** Paid orders without exactly one paid payment and its balance entry; unpaid ones with one. */
  payments_mismatch: number;
  /** Buyers whose balance is not the sum of their money log (must be 0). */
  balances_mismatch: number;
}

const one = async (c: pg.Pool, text: string, values: unknown[]) =>
  Number(((await c.query(text, values)).rows[0] as { n: string | number }).n);

export async function verify(databaseUrl: string, tag: string, seen: OrderSeen[]): Promise<Consistency> {
  const c = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const buyers = `select id from members where username like $1 || '\\_%'`;
    const acked = seen.filter((o) => o.orderId !== null);
    const unknown = seen.filter((o) => o.orderId === null && (o.status === 0 || o.status >= 500));
    const requests = (await c.query(
      `select member_id, key, order_id from order_requests
       where member_id = any($1::int[]) and key = any($2::text[])`,
      [seen.map((o) => o.memberId), seen.map((o) => o.key)],
    )) as { rows: { member_id: number; key: string; order_id: number | null }[] };
    const byKey = new Map(requests.rows.map((r) => [`${r.member_id}:${r.key}`, r.order_id]));
    const existing = new Set(
      (
        (await c.query(`select id from orders where id = any($1::int[])`, [acked.map((o) => o.orderId)])) as {
          rows: { id: number }[];
        }
      ).rows.map((r) => r.id),
    );
    const result: Omit<Consistency, 'ok'> = {
      orders_acknowledged: acked.length,
      acknowledged_missing: acked.filter((o) => !existing.has(o.orderId!)).length,
      acknowledged_other_order: acked.filter((o) => byKey.get(`${o.memberId}:${o.key}`) !== o.orderId).length,
      outcome_unknown: unknown.length,
      outcome_unknown_placed: unknown.filter((o) => byKey.get(`${o.memberId}:${o.key}`)).length,
      orders_without_key: await one(
        c,
        `select count(*) n from orders o where o.member_id in (${buyers})
         and not exists (select 1 from order_requests r where r.order_id = o.id)`,
        [tag],
      ),
      orders_in_database: await one(c, `select count(*) n from orders where member_id in (${buyers})`, [tag]),
      orders_without_lines: await one(
        c,
        `select count(*) n from orders o where o.member_id in (${buyers})
         and not exists (select 1 from order_lines l where l.order_id = o.id)`,
        [tag],
      ),
      lines_not_matching_lots: await one(
        c,
        `select count(*) n from order_lines l join orders o on o.id = l.order_id
         where o.member_id in (${buyers})
         and l.number <> coalesce((select sum(x.number) from order_line_lots x where x.order_line_id = l.id), 0)`,
        [tag],
      ),
      goods_stock_mismatch: await one(
        c,
        `with g as (select id, stock from goods where name like $1 || '%'),
         lots as (select goods_id, sum(quantity) q, sum(received_quantity) r, min(quantity) low
                  from goods_lots where goods_id in (select id from g) group by goods_id),
         sold as (select x.goods_id, sum(x.number) s from order_line_lots x join orders o on o.id = x.order_id
                  where o.status <> 4 and x.goods_id in (select id from g) group by x.goods_id)
         select count(*) n from g join lots on lots.goods_id = g.id left join sold on sold.goods_id = g.id
         where g.stock <> lots.q or lots.low < 0 or lots.r - lots.q <> coalesce(sold.s, 0)`,
        [SOAK_GOODS_PREFIX],
      ),
      payments_mismatch: await one(
        c,
        `select count(*) n from orders o where o.member_id in (${buyers}) and (
           (o.status in (1, 2, 3) and (
              (select count(*) from payments p where p.order_id = o.id and p.status = 'paid' and p.amount = o.payable) <> 1
              or (select count(*) from money_logs m where m.order_id = o.id and m.use_type = 2 and m.amount = -o.payable) <> 1))
           or (o.status = 0 and exists (select 1 from payments p where p.order_id = o.id and p.status = 'paid')))`,
        [tag],
      ),
      balances_mismatch: await one(
        c,
        `select count(*) n from members m where m.id in (${buyers}) and (
           m.balance <> (select coalesce(sum(amount), 0) from money_logs l where l.member_id = m.id)
           or m.balance <> coalesce((select balance_after from money_logs l where l.member_id = m.id
                                     order by id desc limit 1), 0))`,
        [tag],
      ),
    };
    const ok =
      result.acknowledged_missing === 0 &&
      result.acknowledged_other_order === 0 &&
      result.orders_without_key === 0 &&
      result.orders_without_lines === 0 &&
      result.lines_not_matching_lots === 0 &&
      result.goods_stock_mismatch === 0 &&
      result.payments_mismatch === 0 &&
      result.balances_mismatch === 0;
    return { ok, ...result };
  } finally {
    await c.end();
  }
}
