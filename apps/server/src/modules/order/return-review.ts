/**
 * The operator's steps on a return request (issue 6): approve, reject, receive, and the order
 * side of the refund. The refund as a whole (the money to the balance, the points taken
 * back) is a journey across modules: flows/fulfilment/fulfilment.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, lineRefund, RETURN_STATUS_TEXT, type ReturnStatus } from '@kc/domain';
import { rowsOf, type Db, type Tx } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { postMessage } from '../account/messages.js';
import { getSiteSettings } from '../content/settings.js';
import { lockOrder, type LockedOrder } from './lifecycle.js';
import { addEvent } from './write.js';

type ReturnAction = 'approve' | 'reject' | 'receive' | 'refund';
const FLOW: Record<ReturnAction, { from: ReturnStatus; to: ReturnStatus; verb: string }> = {
  approve: { from: 'pending', to: 'approved', verb: '审核' },
  reject: { from: 'pending', to: 'rejected', verb: '审核' },
  receive: { from: 'approved', to: 'received', verb: '确认收货' },
  refund: { from: 'received', to: 'refunded', verb: '退款' },
};

export interface LockedReturn {
  id: number;
  returnNo: string;
  status: ReturnStatus;
  order: LockedOrder;
}

/**
 * Locks the order, then the request (the order first, as a new request does, so the two
 * never wait on each other), and checks the request is in the status the action starts from.
 */
export async function lockReturn(tx: Tx, id: number, action: ReturnAction): Promise<LockedReturn> {
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
 * The order side of a refund, under the locks of lockReturn(…, 'refund'): the refund of each
 * line is fixed now from the units already refunded (lineRefund telescopes, so all refunds of
 * a line add up to its pay amount exactly), the units are counted as returned and the order's
 * refunded amount grows, never past what was paid. Returns the total and the points the
 * order earned (the flow takes back those the refund undoes).
 */
export async function refundLines(tx: Tx, r: LockedReturn, now: Date) {
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
  const [o] = rowsOf<{ points_awarded: number }>(
    await tx.execute(sql`update orders set refunded_amount = refunded_amount + ${total}, updated_at = ${now}
      where id = ${r.order.id} returning points_awarded`),
  );
  return { total, pointsAwarded: o?.points_awarded ?? 0 };
}

/** received → refunded, once the money has moved: the amount on the request, the member told. */
export async function markRefunded(tx: Tx, r: LockedReturn, total: number, now: Date): Promise<void> {
  const text = `已退款${fenToYuan(total)}元至账户余额`;
  await advance(tx, r, 'refund', text, sql`, refund_amount = ${total}`, now);
}
