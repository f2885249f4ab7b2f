/** The operator's queue of orders (docs/api/admin-orders.md): filtered, oldest paid first, to ship in turn. */
import { sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  ORDER_STATUS_TEXT,
  PAYMENT_METHODS,
  paginate,
  parseChinaTime,
  type AdminOrderFilter,
  type AdminOrderRowView,
  type Paginated,
} from '@kc/domain';
import { rowsOf, type Queryable, escapeLike } from '../../platform/db.js';

const likeOf = (s: string) => `%${escapeLike(s)}%`;
const DAY_MS = 86_400_000;

/**
 * The filters an operator's list shares with the returns queue: created from the first day's
 * 00:00 to the last day's 24:00 China time, and a member by id (digits) or by company / username.
 */
export function rangeAndMemberSql(
  q: { start_date?: string; end_date?: string; member?: string },
  at: SQL,
  memberId: SQL,
): SQL[] {
  const parts: SQL[] = [];
  if (q.start_date) parts.push(sql`${at} >= ${new Date(parseChinaTime(q.start_date))}`);
  if (q.end_date) parts.push(sql`${at} < ${new Date(parseChinaTime(q.end_date) + DAY_MS)}`);
  if (q.member) {
    const byId = /^\d{1,9}$/.test(q.member) ? sql`${memberId} = ${Number(q.member)} or ` : sql``;
    parts.push(sql`(${byId}m.company like ${likeOf(q.member)} or m.username = ${q.member})`);
  }
  return parts;
}

/** `GET /api/admin/orders`: orders by status (default 待发货) and filters, oldest paid first, to ship in turn. */
export async function adminOrderList(
  db: Queryable,
  q: AdminOrderFilter,
): Promise<Paginated<AdminOrderRowView>> {
  // Points orders (积分订单) ship from the same queue as goods orders.
  const parts: SQL[] = q.status === 'all' ? [] : [sql`o.status = ${q.status}`];
  if (q.keywords) {
    parts.push(
      sql`(o.order_no = ${q.keywords} or m.company like ${likeOf(q.keywords)} or m.username = ${q.keywords})`,
    );
  }
  if (q.order_no) parts.push(sql`o.order_no = ${q.order_no}`);
  if (q.payment_method) parts.push(sql`o.payment_method = ${q.payment_method}`);
  if (q.is_hm !== undefined) parts.push(sql`o.is_hm = ${q.is_hm === 1}`);
  parts.push(...rangeAndMemberSql(q, sql`o.created_at`, sql`o.member_id`));
  const where = parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
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
      ${from} order by ${q.status === 'all' ? sql`o.id desc` : sql`coalesce(o.paid_at, o.created_at), o.id`} limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
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
