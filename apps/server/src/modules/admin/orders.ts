/**
 * Operator fulfilment (issue 6): the queue of orders to ship, and the review, receipt and
 * refund of return requests. Shipping and confirming a transfer are the order and payment
 * modules' own services (shipOrder, confirmOfflinePayment); the routes call them directly.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  lineRefund,
  pointsForOrder,
  ORDER_STATUS_TEXT,
  PAYMENT_METHODS,
  paginate,
  RETURN_STATUS_TEXT,
  type AdminOrderListQuery,
  type AdminOrderRowView,
  type Paginated,
  type ReturnStatus,
} from '@kc/domain';
import { rowsOf, type Db, type Queryable, type Tx } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { postMessage } from '../account/messages.js';
import { getSiteSettings } from '../content/settings.js';
import { lockOrder, type LockedOrder } from '../order/lifecycle.js';
import { addEvent } from '../order/write.js';
import { changeBalance, changePoints } from '../wallet/service.js';

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

type ReturnAction = 'approve' | 'reject' | 'receive' | 'refund';
const FLOW: Record<ReturnAction, { from: ReturnStatus; to: ReturnStatus; verb: string }> = {
  approve: { from: 'pending', to: 'approved', verb: '审核' },
  reject: { from: 'pending', to: 'rejected', verb: '审核' },
  receive: { from: 'approved', to: 'received', verb: '确认收货' },
  refund: { from: 'received', to: 'refunded', verb: '退款' },
};

interface LockedReturn {
  id: number;
  returnNo: string;
  status: ReturnStatus;
  order: LockedOrder;
}

/**
 * Locks the order, then the request (the order first, as a new request does, so the two
 * never wait on each other), and checks the request is in the status the action starts from.
 */
async function lockReturn(tx: Tx, id: number, action: ReturnAction): Promise<LockedReturn> {
  const [head] = rowsOf<{ order_id: number }>(
    await tx.execute(sql`select order_id from return_requests where id = ${id}`),
  );
  if (!head) throw notFound('退货申请不存在');
  const order = await lockOrder(tx, head.order_id);
  const [r] = rowsOf<{ return_no: string; status: ReturnStatus }>(
    await tx.execute(sql`select return_no, status from return_requests where id = ${id} for update`),
  );
  const { from, verb } = FLOW[action];
  if (r!.status === 'refunded') throw business('该申请已退款');
  if (r!.status !== from) throw business(`该申请${RETURN_STATUS_TEXT[r!.status]}，不能${verb}`);
  return { id, returnNo: r!.return_no, status: r!.status, order };
}

/** Moves the locked request on, appends to its timeline and the order's, and tells the member. */
async function advance(tx: Tx, r: LockedReturn, action: ReturnAction, text: string, set: SQL, now: Date) {
  const entry = JSON.stringify([{ at: now.toISOString(), text }]);
  await tx.execute(sql`update return_requests set status = ${FLOW[action].to}, timeline = timeline || ${entry}::jsonb,
    updated_at = ${now} ${set} where id = ${r.id}`);
  await addEvent(tx, r.order.id, `return_${action}`, `退货申请${r.returnNo}：${text}`, 'operator', now);
  await postMessage(
    tx,
    r.order.memberId,
    'order',
    `退货申请${RETURN_STATUS_TEXT[FLOW[action].to]}`,
    `您的退货申请${r.returnNo}：${text}`,
    now,
  );
}

/** pending → approved; the member is told where to send the goods. */
export async function approveReturn(db: Db, id: number, remark: string, now: Date): Promise<void> {
  const address = (await getSiteSettings(db)).return_address;
  await db.transaction(async (tx) => {
    const r = await lockReturn(tx, id, 'approve');
    const text = `审核通过${remark ? `（${remark}）` : ''}，请将商品寄回${address ? `：${address}` : ''}`;
    await advance(tx, r, 'approve', text, sql`, admin_remark = ${remark}`, now);
  });
}

/** pending → rejected with the reason; its units may be asked back again in a new request. */
export async function rejectReturn(db: Db, id: number, reason: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockReturn(tx, id, 'reject');
    await advance(tx, r, 'reject', `审核未通过：${reason}`, sql`, admin_remark = ${reason}`, now);
  });
}

/**
 * approved → received. The goods go to the quarantine area (不合格品/退货区) for inspection,
 * NOT back into sellable stock: GSP forbids reselling returned drugs before they are checked,
 * so no lot or goods stock changes here.
 */
export async function receiveReturn(db: Db, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockReturn(tx, id, 'receive');
    await advance(tx, r, 'receive', '仓库已收到退货，商品已入退货隔离区待验，等待退款', sql``, now);
  });
}

/**
 * received → refunded, in one transaction under the order's and the request's locks: the
 * refund of each line is fixed now from the units already refunded (lineRefund telescopes,
 * so all refunds of a line add up to its pay amount exactly), the units are counted as
 * returned, the order's refunded amount grows (never past what was paid) and the money goes
 * to the member's balance with a money-log entry (use_type 4).
 */
export async function refundReturn(db: Db, id: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await lockReturn(tx, id, 'refund');
    const lines = rowsOf<{ id: number; line_id: number; n: number; pay: number; qty: number; done: number }>(
      await tx.execute(sql`
        select rl.id, l.id as line_id, rl.number as n, l.pay_amount as pay, l.number as qty, l.returned_number as done
        from return_lines rl join order_lines l on l.id = rl.order_line_id where rl.return_id = ${r.id}
        order by rl.id for update of l`),
    );
    let total = 0;
    for (const l of lines) {
      if (l.done + l.n > l.qty) throw business('退货数量超过可退数量');
      const room = Math.max(0, r.order.paidAmount - r.order.refundedAmount - total);
      const amount = Math.min(lineRefund(l.pay, l.qty, l.done, l.n), room);
      total += amount;
      await tx.execute(
        sql`update order_lines set returned_number = returned_number + ${l.n} where id = ${l.line_id}`,
      );
      await tx.execute(sql`update return_lines set refund_amount = ${amount} where id = ${l.id}`);
    }
    const o = r.order;
    await tx.execute(
      sql`update orders set refunded_amount = refunded_amount + ${total}, updated_at = ${now} where id = ${o.id}`,
    );
    if (total > 0)
      await changeBalance(
        tx,
        o.memberId,
        total,
        { useType: 4, orderId: o.id, orderNo: o.orderNo, remark: `退货退款 ${r.returnNo}` },
        now,
      );
    // Points earned on the refunded money are taken back (as far as the member still has them).
    const [pts] = rowsOf<{ awarded: number; points: number }>(
      await tx.execute(sql`select o.points_awarded as awarded, m.points from orders o join members m on m.id = o.member_id
        where o.id = ${o.id} for update of m`),
    );
    const take = pts && pts.awarded > 0 ? Math.min(pointsForOrder(total), pts.points, pts.awarded) : 0;
    if (take > 0) await changePoints(tx, o.memberId, -take, `退货扣回积分 ${r.returnNo}`, o.id, now);
    await advance(
      tx,
      r,
      'refund',
      `已退款${fenToYuan(total)}元至账户余额`,
      sql`, refund_amount = ${total}`,
      now,
    );
    return total;
  });
}
