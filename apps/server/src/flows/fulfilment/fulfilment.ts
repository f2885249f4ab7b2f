/**
 * The operator's fulfilment steps that cross modules, each one transaction: confirming a bank
 * transfer (payment + the order's status) and refunding a return (the order's lines + the
 * member's balance and points). Shipping and the return decisions stay in modules/order.
 */
import { ORDER_STATUS_TEXT, pointsForOrder } from '@kc/domain';
import type { Db } from '../../platform/db.js';
import { business } from '../../platform/errors.js';
import { lockOrder, markPaid } from '../../modules/order/lifecycle.js';
import { lockReturn, markRefunded, refundLines } from '../../modules/order/return-review.js';
import { recordOfflinePayment } from '../../modules/payment/offline.js';
import { changeBalance, takeBackPoints } from '../../modules/wallet/service.js';
import { takeBackCashback } from '../orders/cashback.js';

/** Confirms the bank transfer of an order waiting for it: the payment paid, the order 待发货. */
export async function confirmTransfer(db: Db, orderId: number, note: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId);
    if (o.status !== 0) throw business(`订单${ORDER_STATUS_TEXT[o.status]}，无需确认收款`);
    await recordOfflinePayment(tx, o, note, now);
    await markPaid(tx, o, 'offline', now, 'operator');
  });
}

/**
 * received → refunded, in one transaction under the order's and the request's locks: the
 * order's lines and refunded amount (refundLines), the money to the member's balance with a
 * money-log entry (use_type 4), the points earned on the refunded money taken back as far as
 * the member still has them, the 满返 cashback judged again (a credited one's excess taken
 * back, use_type 7, as far as the balance holds it), and the request closed. Returns the
 * amount refunded, in fen.
 */
export async function refundReturn(db: Db, id: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await lockReturn(tx, id, 'refund');
    const o = r.order;
    const { total, pointsAwarded } = await refundLines(tx, r, now);
    const credited =
      total > 0
        ? await changeBalance(
            tx,
            o.memberId,
            total,
            { useType: 4, orderId: o.id, orderNo: o.orderNo, remark: `退货退款 ${r.returnNo}` },
            now,
          )
        : null;
    const most = pointsAwarded > 0 ? Math.min(pointsForOrder(total), pointsAwarded) : 0;
    await takeBackPoints(tx, o.memberId, most, `退货扣回积分 ${r.returnNo}`, o.id, now);
    await takeBackCashback(tx, o, r.returnNo, credited?.balance ?? null, now);
    await markRefunded(tx, r, total, now);
    return total;
  });
}
