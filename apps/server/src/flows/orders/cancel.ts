import type { Db, Tx } from '../../platform/db.js';
import { putBackStock } from '../../modules/catalog/service.js';
import { assertAllowed, lockOrder, markCancelled, type LockedOrder } from '../../modules/order/lifecycle.js';
import { business } from '../../platform/errors.js';
import { orderDraws } from '../../modules/order/stock.js';
import { closePendingPayments, refundPaidPayments } from '../../modules/payment/order-payments.js';
import { releaseCoupons } from '../../modules/promotion/service.js';
import { changeBalance } from '../../modules/wallet/service.js';
import { dropCashback } from './cashback.js';

/**
 * Cancels a locked order, each module writing its own tables: the units go back into their
 * lots (catalog), the coupons back to the member (promotion), what was paid back to the
 * balance with a money-log entry (wallet), open payments closed (payment), its pending 满返
 * cashback cancelled (activity), and the order marked cancelled (order). Returns the amount
 * refunded, in fen.
 */
export async function cancelLocked(
  tx: Tx,
  o: LockedOrder,
  action: 'cancel' | 'expire',
  reason: string,
  now: Date,
  /** The operator cancelling it (the stock ledger names them); null for the buyer or the sweep. */
  operatorId: number | null = null,
): Promise<number> {
  // A points order gives back points and gift stock, not money and lots: its own journey
  // (flows/points, 积分订单 in the back office) cancels it.
  if (o.kind === 'points') throw business('积分订单请在“积分订单”中取消，积分和礼品库存将一并退回');
  const to = assertAllowed(o, action);
  await putBackStock(tx, await orderDraws(tx, o.id), {
    ref: o.orderNo,
    reason: reason.slice(0, 200),
    operatorId,
  });
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
    await refundPaidPayments(tx, o.id);
  }
  await closePendingPayments(tx, o.id);
  await dropCashback(tx, o.id);
  await markCancelled(tx, o, to, action, reason, refund, now, operatorId === null ? 'member' : 'operator');
  return refund;
}

/** `POST /api/order/{id}/cancel`: the buyer cancels before shipment. */
export async function cancelOrder(db: Db, memberId: number, orderId: number, reason: string, now: Date) {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId, memberId);
    await cancelLocked(tx, o, 'cancel', reason || '买家取消', now);
  });
}
