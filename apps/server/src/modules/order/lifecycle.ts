import { sql } from 'drizzle-orm';
import {
  fenToYuan,
  nextOrderStatus,
  orderActionRefusal,
  ORDER_RULES,
  pointsForOrder,
  type OrderAction,
  type OrderStatus,
  type PaymentMethod,
} from '@kc/domain';
import { rowsOf, type Db, type Queryable, type Tx } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { postMessage } from '../account/messages.js';
import { releaseCoupons } from '../promotion/service.js';
import { changeBalance, changePoints } from '../wallet/service.js';
import { addSales, restoreOrderStock } from './stock.js';
import { addEvent, setStatus } from './write.js';

/** The order columns the lifecycle needs, read under a row lock. */
export interface LockedOrder {
  id: number;
  orderNo: string;
  memberId: number;
  status: OrderStatus;
  payable: number;
  shippingAmount: number;
  paidAmount: number;
  refundedAmount: number;
  paymentMethod: PaymentMethod | '';
  isHm: boolean;
  hasPurchaser: boolean;
  expiresAt: Date;
  shippedAt: Date | null;
}

/** Locks an order (a member's own when `memberId` is given: another member's answers 404). */
export async function lockOrder(tx: Queryable, orderId: number, memberId?: number): Promise<LockedOrder> {
  const res = await tx.execute(sql`
    select id, order_no as "orderNo", member_id as "memberId", status, payable, shipping_amount as "shippingAmount",
      paid_amount as "paidAmount", refunded_amount as "refundedAmount", payment_method as "paymentMethod",
      is_hm as "isHm", hm_purchaser is not null as "hasPurchaser", expires_at as "expiresAt", shipped_at as "shippedAt"
    from orders where id = ${orderId} ${memberId === undefined ? sql`` : sql`and member_id = ${memberId}`}
    for update`);
  const [o] = rowsOf<LockedOrder>(res);
  if (!o) throw notFound('订单不存在');
  return { ...o, expiresAt: new Date(o.expiresAt), shippedAt: o.shippedAt ? new Date(o.shippedAt) : null };
}

/** Refuses an action the order's status does not allow, in the buyer's words. */
export function assertAllowed(o: LockedOrder, action: OrderAction): OrderStatus {
  const next = nextOrderStatus(o.status, action);
  if (next === null) throw business(orderActionRefusal(o.status, action) ?? '订单状态已变化，请刷新');
  return next;
}

/**
 * Marks a locked unpaid order paid (balance, confirmed transfer or gateway): status 待发货,
 * the amount and method recorded, an event. The caller has recorded the payment itself.
 */
export async function markPaid(
  tx: Queryable,
  o: LockedOrder,
  method: PaymentMethod,
  now: Date,
  actor: 'member' | 'operator' | 'system' = 'member',
) {
  const to = assertAllowed(o, method === 'offline' ? 'confirm_payment' : 'pay');
  await setStatus(tx, o.id, o.status, {
    status: to,
    paidAmount: o.payable,
    paidAt: now,
    paymentMethod: method,
  });
  const how = { balance: '余额支付', offline: '对公转账（已确认到账）', online: '在线支付' }[method];
  await addEvent(
    tx,
    o.id,
    'paid',
    `订单已付款（${how}，${fenToYuan(o.payable)}元），等待仓库发货`,
    actor,
    now,
  );
}

/**
 * Cancels a locked order: puts its units back in their lots, gives the coupons back, refunds
 * what was paid to the balance (with a money-log entry) and closes open payments.
 */
async function cancelLocked(tx: Tx, o: LockedOrder, action: 'cancel' | 'expire', reason: string, now: Date) {
  const to = assertAllowed(o, action);
  await restoreOrderStock(tx, o.id);
  await releaseCoupons(tx, o.id);
  const refund = o.paidAmount - o.refundedAmount;
  if (refund > 0) {
    await changeBalance(
      tx,
      o.memberId,
      refund,
      { useType: 3, orderId: o.id, orderNo: o.orderNo, remark: '取消订单退款' },
      now,
    );
    await tx.execute(
      sql`update payments set status = 'refunded' where order_id = ${o.id} and status = 'paid'`,
    );
  }
  await tx.execute(
    sql`update payments set status = 'closed' where order_id = ${o.id} and status = 'pending'`,
  );
  await setStatus(tx, o.id, o.status, {
    status: to,
    cancelledAt: now,
    cancelReason: reason,
    refundedAmount: o.refundedAmount + Math.max(0, refund),
  });
  const text =
    refund > 0 ? `订单已取消（${reason}），${fenToYuan(refund)}元已退回账户余额` : `订单已取消（${reason}）`;
  await addEvent(tx, o.id, 'cancelled', text, action === 'expire' ? 'system' : 'member', now);
  return refund;
}

/** `POST /api/order/{id}/cancel`: the buyer cancels before shipment. */
export async function cancelOrder(db: Db, memberId: number, orderId: number, reason: string, now: Date) {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId, memberId);
    await cancelLocked(tx, o, 'cancel', reason || '买家取消', now);
  });
}

/** `POST /api/order/{id}/receive`: the buyer confirms receipt; points are awarded. */
export async function receiveOrder(db: Db, orderId: number, now: Date, memberId?: number) {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId, memberId);
    const to = assertAllowed(o, 'receive');
    const points = pointsForOrder(o.paidAmount - o.shippingAmount - o.refundedAmount);
    await setStatus(tx, o.id, o.status, { status: to, completedAt: now, pointsAwarded: points });
    await addSales(tx, o.id);
    if (points > 0) await changePoints(tx, o.memberId, points, `订单${o.orderNo}完成`, o.id, now);
    const who = memberId === undefined ? '超过收货期限，系统自动确认收货' : '已确认收货';
    await addEvent(
      tx,
      o.id,
      'received',
      `${who}，订单完成${points > 0 ? `，获得${points}积分` : ''}`,
      memberId === undefined ? 'system' : 'member',
      now,
    );
  });
}

/** Operator: marks a paid order shipped with its carrier and tracking number. */
export async function shipOrder(db: Db, orderId: number, carrier: string, trackingNo: string, now: Date) {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId);
    const to = assertAllowed(o, 'ship');
    await setStatus(tx, o.id, o.status, { status: to, carrier, trackingNo, shippedAt: now });
    await addEvent(tx, o.id, 'shipped', `仓库已发货，${carrier} 运单号 ${trackingNo}`, 'operator', now, true);
    await postMessage(
      tx,
      o.memberId,
      'order',
      '订单已发货',
      `您的订单${o.orderNo}已由${carrier}发出，运单号${trackingNo}。`,
      now,
    );
  });
}

/**
 * The background sweep: cancels unpaid orders past their deadline (releasing stock and
 * coupons) and completes shipped orders past the receipt period. It reads the database
 * each time, so it survives restarts; each order is its own transaction, skipped when
 * another process holds it.
 */
export async function sweepOrders(
  db: Db,
  now: Date,
  limit = 100,
): Promise<{ expired: number; received: number }> {
  const due = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from orders where status = 0 and expires_at <= ${now} order by expires_at limit ${limit}`,
    ),
  );
  let expired = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const o = await lockOrder(tx, id);
      if (o.status !== 0 || o.expiresAt > now) return false;
      await cancelLocked(tx, o, 'expire', '超时未支付，系统自动取消', now);
      return true;
    });
    if (done) expired += 1;
  }
  const cutoff = new Date(now.getTime() - ORDER_RULES.autoReceiveMs);
  const late = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from orders where status = 2 and shipped_at <= ${cutoff} order by shipped_at limit ${limit}`,
    ),
  );
  for (const { id } of late) await receiveOrder(db, id, now);
  return { expired, received: late.length };
}
