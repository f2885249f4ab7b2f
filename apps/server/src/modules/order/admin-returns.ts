/** The operator's returns queue (docs/api/admin-orders.md): by status, day range, member and number. */
import { sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  paginate,
  RETURN_STATUS_TEXT,
  type AdminReturnFilter,
  type Paginated,
  type ReturnListItemView,
} from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { rangeAndMemberSql } from './admin-list.js';

/** `GET /api/admin/returns`: newest first; keywords = the request's or the order's number. */
export async function adminReturnList(
  db: Queryable,
  q: AdminReturnFilter,
): Promise<Paginated<ReturnListItemView>> {
  const parts: SQL[] = q.status === 'all' ? [] : [sql`r.status = ${q.status}`];
  if (q.keywords) parts.push(sql`(r.return_no = ${q.keywords} or o.order_no = ${q.keywords})`);
  parts.push(...rangeAndMemberSql(q, sql`r.created_at`, sql`r.member_id`));
  const where = parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
  const from = sql`from return_requests r join orders o on o.id = r.order_id join members m on m.id = r.member_id
    where ${where}`;
  const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${from}`));
  type Row = Omit<ReturnListItemView, 'refund_amount'> & { refund_amount: number; company: string };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select r.id, r.return_no, r.kind, r.status, r.created_at, r.order_id, o.order_no, r.refund_amount, m.company,
        (select coalesce(sum(rl.number), 0)::int from return_lines rl where rl.return_id = r.id) as number
      ${from} order by r.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  const list = rows.map(({ company, ...r }) => ({
    ...r,
    status_text: RETURN_STATUS_TEXT[r.status],
    created_at: chinaDateTime(r.created_at),
    refund_amount: fenToYuan(r.refund_amount),
    member_company: company,
  }));
  return paginate(list, c?.n ?? 0, q);
}
