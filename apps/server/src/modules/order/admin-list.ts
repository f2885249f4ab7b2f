/** The operator's queue of orders (docs/api/admin.md): by status, oldest paid first, to ship in turn. */
import { sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  ORDER_STATUS_TEXT,
  PAYMENT_METHODS,
  paginate,
  type AdminOrderListQuery,
  type AdminOrderRowView,
  type Paginated,
} from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';

/** `GET /api/admin/orders`: orders in one status (default 待发货), oldest paid first, to ship in turn. */
export async function adminOrderList(
  db: Queryable,
  q: AdminOrderListQuery,
): Promise<Paginated<AdminOrderRowView>> {
  // Points orders (积分订单) ship from the same queue as goods orders.
  const parts: SQL[] = [sql`o.status = ${q.status}`];
  if (q.keywords) {
    const like = `%${q.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(o.order_no = ${q.keywords} or m.company like ${like} or m.username = ${q.keywords})`);
  }
  const where = sql.join(parts, sql` and `);
  const from = sql`from orders o join members m on m.id = o.member_id where ${where}`;
  const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${from}`));
  type Row = Omit<AdminOrderRowView, 'payable' | 'is_hm'> & {
    company: string;
    payable: number;
    is_hm: boolean;
  };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select o.id, o.order_no, o.kind, o.status, o.member_id, m.company, o.payable, o.payment_method, o.is_hm,
        o.carrier, o.tracking_no, o.created_at, o.paid_at, o.shipped_at,
        (select count(*)::int from order_lines l where l.order_id = o.id) as line_count
      ${from} order by coalesce(o.paid_at, o.created_at), o.id limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  const list = rows.map(({ company, ...o }) => ({
    ...o,
    status_text: ORDER_STATUS_TEXT[o.status],
    member_company: company,
    payable: fenToYuan(o.payable),
    payment_method_text: o.payment_method ? PAYMENT_METHODS[o.payment_method] : '',
    is_hm: o.is_hm ? (1 as const) : (0 as const),
    created_at: chinaDateTime(o.created_at),
    paid_at: chinaDateTime(o.paid_at),
    shipped_at: chinaDateTime(o.shipped_at),
  }));
  return paginate(list, c?.n ?? 0, q);
}
