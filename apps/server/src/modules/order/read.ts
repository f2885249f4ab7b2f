import { sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  nextOrderStatus,
  ORDER_RULES,
  ORDER_STATUS_TEXT,
  PAYMENT_METHODS,
  paginate,
  type OrderActionsView,
  type OrderCountsView,
  type OrderListItemView,
  type OrderListQuery,
  type OrderStatus,
  type Paginated,
  type PaymentMethod,
  type PaymentView,
} from '@kc/domain';
import { rowsOf, type Queryable, escapeLike } from '../../platform/db.js';

const yuan = fenToYuan;
const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** Return requests still open (not refunded, rejected or cancelled): their units are claimed. */
export const OPEN_RETURN = sql`('pending', 'approved', 'received')`;

/** The payment part of an order view. */
export function paymentView(o: {
  status: OrderStatus;
  paymentMethod: PaymentMethod | '';
  paidAmount: number;
  paidAt: Date | null;
  refundedAmount: number;
  orderNo: string;
}): PaymentView {
  const status: PaymentView['status'] =
    o.paidAmount > 0 && o.refundedAmount >= o.paidAmount
      ? 'refunded'
      : o.paidAmount > 0
        ? 'paid'
        : o.status === 0 && o.paymentMethod === 'offline'
          ? 'awaiting_transfer'
          : 'unpaid';
  const text = { unpaid: '未支付', awaiting_transfer: '等待确认到账', paid: '已支付', refunded: '已退款' }[
    status
  ];
  return {
    method: o.paymentMethod,
    method_text: o.paymentMethod ? PAYMENT_METHODS[o.paymentMethod] : '',
    status,
    status_text: text,
    paid_amount: yuan(o.paidAmount),
    paid_at: chinaDateTime(o.paidAt),
    reference: o.paymentMethod === 'offline' ? o.orderNo : '',
  };
}

/** What the buyer may do with an order now. */
export function actionsOf(
  o: { status: OrderStatus; completedAt: Date | null; kind: string },
  now: Date,
): OrderActionsView {
  const returnOpen =
    nextOrderStatus(o.status, 'return') !== null &&
    (o.status !== 3 ||
      !o.completedAt ||
      now.getTime() - o.completedAt.getTime() <= ORDER_RULES.returnWindowMs);
  return {
    can_pay: flag(o.status === 0),
    can_cancel: flag(nextOrderStatus(o.status, 'cancel') !== null),
    can_receive: flag(nextOrderStatus(o.status, 'receive') !== null),
    can_return: flag(o.kind === 'goods' && returnOpen),
    can_buy_again: flag(o.kind === 'goods' && o.status !== 0),
  };
}

/** The list filter as SQL (always the member's own goods orders). */
function listWhere(memberId: number, q: OrderListQuery): SQL {
  const parts: SQL[] = [sql`o.member_id = ${memberId}`, sql`o.kind = 'goods'`];
  if (q.status !== undefined) parts.push(sql`o.status = ${q.status}`);
  if (q.start_time !== undefined) parts.push(sql`o.created_at >= ${new Date(q.start_time)}`);
  // An end day covers the whole day.
  if (q.end_time !== undefined) parts.push(sql`o.created_at < ${new Date(q.end_time + 86_400_000)}`);
  if (q.keywords) {
    const like = `%${escapeLike(q.keywords)}%`;
    parts.push(sql`(o.order_no = ${q.keywords} or exists (select 1 from order_lines l
      where l.order_id = o.id and (l.name like ${like} or l.sccj like ${like})))`);
  }
  return sql.join(parts, sql` and `);
}

/** `GET /api/order/list`: the member's orders, newest first (two statements). */
export async function orderList(
  db: Queryable,
  memberId: number,
  q: OrderListQuery,
  now: Date,
): Promise<Paginated<OrderListItemView>> {
  const where = listWhere(memberId, q);
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders o where ${where}`),
  );
  const res = await db.execute(sql`
    select o.id, o.order_no, o.status, o.created_at, o.payable, o.payment_method, o.is_hm, o.expires_at, o.completed_at, o.kind,
      (select count(*)::int from order_lines l where l.order_id = o.id) as line_count,
      coalesce((select json_agg(json_build_object('goods_id', l.goods_id, 'name', l.name, 'ypgg', l.ypgg, 'sccj', l.sccj,
        'image', l.image, 'number', l.number, 'price', l.unit_price) order by l.id)
        from (select * from order_lines l where l.order_id = o.id order by l.id limit 5) l), '[]'::json) as lines
    from orders o where ${where}
    order by o.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`);
  type Row = {
    id: number;
    order_no: string;
    status: OrderStatus;
    created_at: string;
    payable: number;
    payment_method: PaymentMethod | '';
    is_hm: boolean;
    expires_at: string;
    completed_at: string | null;
    kind: string;
    line_count: number;
    lines: {
      goods_id: number;
      name: string;
      ypgg: string;
      sccj: string;
      image: string;
      number: number;
      price: number;
    }[];
  };
  const list = rowsOf<Row>(res).map((o) => ({
    id: o.id,
    order_no: o.order_no,
    status: o.status,
    status_text: ORDER_STATUS_TEXT[o.status],
    created_at: chinaDateTime(new Date(o.created_at)),
    payable: yuan(o.payable),
    line_count: o.line_count,
    lines: o.lines.map((l) => ({ ...l, price: yuan(l.price) })),
    payment_method: o.payment_method,
    is_hm: flag(o.is_hm),
    expires_at: chinaDateTime(new Date(o.expires_at)),
    actions: actionsOf(
      { status: o.status, completedAt: o.completed_at ? new Date(o.completed_at) : null, kind: o.kind },
      now,
    ),
  }));
  return paginate(list, count?.n ?? 0, q);
}

/** `GET /api/order/counts`: the member's orders by status (one statement). */
export async function orderCounts(db: Queryable, memberId: number): Promise<OrderCountsView> {
  const [c] = rowsOf<Record<keyof OrderCountsView, number>>(
    await db.execute(sql`
      select count(*)::int as all,
        count(*) filter (where status = 0)::int as unpaid,
        count(*) filter (where status = 1)::int as undelivered,
        count(*) filter (where status = 2)::int as delivered,
        count(*) filter (where status = 3)::int as done,
        count(*) filter (where status = 4)::int as cancelled,
        (select count(*)::int from return_requests r where r.member_id = ${memberId}
          and r.status in ${OPEN_RETURN}) as after_sale
      from orders where member_id = ${memberId} and kind = 'goods'`),
  );
  return c ?? { all: 0, unpaid: 0, undelivered: 0, delivered: 0, done: 0, cancelled: 0, after_sale: 0 };
}

/** A paid line of a member's order, as buying it again needs it (gifts left out). */
export interface ReorderLine {
  goods_id: number;
  name: string;
  number: number;
  combination_id: number | null;
  combination_name: string;
}

/** The member's own order's paid lines in order (none when the order is not theirs). */
export async function reorderLines(db: Queryable, memberId: number, orderId: number): Promise<ReorderLine[]> {
  return rowsOf<ReorderLine>(
    await db.execute(sql`
      select l.goods_id, l.name, l.number, l.combination_id, l.combination_name from order_lines l
      join orders o on o.id = l.order_id
      where o.id = ${orderId} and o.member_id = ${memberId} and not l.is_gift order by l.id`),
  );
}
