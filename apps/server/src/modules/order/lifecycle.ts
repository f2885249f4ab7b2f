import { sql } from 'drizzle-orm';
import {
  fenToYuan,
  nextOrderStatus,
  orderActionRefusal,
  ORDER_RULES,
  type OrderAction,
  type OrderStatus,
  type PaymentMethod,
} from '@kc/domain';
import { rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { postMessage } from '../account/messages.js';
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
  /** 'goods', or 'points' (a points-mall redemption, cancelled by its own journey). */
  kind: 'goods' | 'points';
}

/** The columns of a LockedOrder: lockOrder and claimOverdue read the same. */
const LOCKED_COLUMNS = sql`id, order_no as "orderNo", member_id as "memberId", status, payable,
  shipping_amount as "shippingAmount", paid_amount as "paidAmount", refunded_amount as "refundedAmount",
  payment_method as "paymentMethod", is_hm as "isHm", hm_purchaser is not null as "hasPurchaser",
  expires_at as "expiresAt", shipped_at as "shippedAt", kind`;
/** Raw rows may carry the timestamps as text (PGlite). */
const asLocked = (o: LockedOrder): LockedOrder => ({
  ...o,
  expiresAt: new Date(o.expiresAt),
  shippedAt: o.shippedAt ? new Date(o.shippedAt) : null,
});

/** Locks an order (a member's own when `memberId` is given: another member's answers 404). */
export async function lockOrder(tx: Queryable, orderId: number, memberId?: number): Promise<LockedOrder> {
  const res = await tx.execute(sql`
    select ${LOCKED_COLUMNS} from orders
    where id = ${orderId} ${memberId === undefined ? sql`` : sql`and member_id = ${memberId}`}
    for update`);
  const [o] = rowsOf<LockedOrder>(res);
  if (!o) throw notFound('订单不存在');
  return asLocked(o);
}

/**
 * Claims the next order the background sweep is due to handle, locked like lockOrder: the
 * earliest unpaid order past its deadline, or shipped order past the receipt period, that no
 * other transaction holds; null when none is left. `skip locked` passes over an order another
 * instance's sweep (or a buyer paying it) holds instead of waiting for it, and an order
 * handled and committed meanwhile no longer matches, so none is handled twice.
 */
export async function claimOverdue(
  tx: Queryable,
  due: 'unpaid' | 'shipped',
  now: Date,
): Promise<LockedOrder | null> {
  const cutoff = new Date(now.getTime() - ORDER_RULES.autoReceiveMs);
  const which =
    due === 'unpaid'
      ? sql`status = 0 and expires_at <= ${now} order by expires_at`
      : sql`status = 2 and shipped_at <= ${cutoff} order by shipped_at`;
  const res = await tx.execute(
    sql`select ${LOCKED_COLUMNS} from orders where ${which} limit 1 for update skip locked`,
  );
  const [o] = rowsOf<LockedOrder>(res);
  return o ? asLocked(o) : null;
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
  await postMessage(
    tx,
    o.memberId,
    'order',
    '订单支付成功',
    `您的订单${o.orderNo}已付款${fenToYuan(o.payable)}元（${how}），仓库将尽快为您发货。`,
    now,
  );
}

/**
 * Marks a locked order cancelled (`to` from assertAllowed): the status, the reason and what was
 * refunded recorded, and an event. The cancel journey (flows/orders/cancel.ts) has put the
 * stock, the coupons and the money back first.
 */
export async function markCancelled(
  tx: Queryable,
  o: LockedOrder,
  to: OrderStatus,
  action: 'cancel' | 'expire',
  reason: string,
  refund: number,
  now: Date,
  /** Who cancelled: the buyer (default), or an operator from the back office. */
  by: 'member' | 'operator' = 'member',
): Promise<void> {
  await setStatus(tx, o.id, o.status, {
    status: to,
    cancelledAt: now,
    cancelReason: reason,
    refundedAmount: o.refundedAmount + Math.max(0, refund),
  });
  const text =
    refund > 0 ? `订单已取消（${reason}），${fenToYuan(refund)}元已退回账户余额` : `订单已取消（${reason}）`;
  await addEvent(tx, o.id, 'cancelled', text, action === 'expire' ? 'system' : by, now);
}

/**
 * Marks a locked shipped order received (`to` from assertAllowed) with the points it earned,
 * and an event; the receive journey (flows/orders/receive.ts) counts the sales and awards the
 * points. `byMember` false: the receipt period ran out.
 */
export async function markReceived(
  tx: Queryable,
  o: LockedOrder,
  to: OrderStatus,
  points: number,
  byMember: boolean,
  now: Date,
): Promise<void> {
  await setStatus(tx, o.id, o.status, { status: to, completedAt: now, pointsAwarded: points });
  const who = byMember ? '已确认收货' : '超过收货期限，系统自动确认收货';
  await addEvent(
    tx,
    o.id,
    'received',
    `${who}，订单完成${points > 0 ? `，获得${points}积分` : ''}`,
    byMember ? 'member' : 'system',
    now,
  );
}

/**
 * The buyer chose a bank transfer: the locked unpaid order waits for it (72 h at least, or its
 * own deadline if later) with an event. The pay journey has opened the offline payment. The
 * hold is granted once, from the first choice: an order already waiting for a transfer (also
 * after a detour to the gateway) keeps its deadline, or choosing again every 71 hours would hold
 * the stock for ever.
 */
export async function awaitTransfer(tx: Queryable, o: LockedOrder, now: Date): Promise<void> {
  const extended = now.getTime() + ORDER_RULES.offlineTimeoutMs;
  const expiresAt = new Date(
    o.paymentMethod === 'offline' ? o.expiresAt.getTime() : Math.max(o.expiresAt.getTime(), extended),
  );
  await tx.execute(
    sql`update orders set payment_method = 'offline', expires_at = ${expiresAt} where id = ${o.id}`,
  );
  await addEvent(tx, o.id, 'offline', '买家选择对公转账，等待财务确认到账', 'member', now);
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
