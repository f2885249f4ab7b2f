/**
 * The operator cancels an order (客服取消订单), one transaction through the buyer's cancel
 * journey (flows/orders/cancel.ts cancelLocked): the units back into their lots, the coupons
 * back, what was paid back to the balance with a money-log entry and the payment marked
 * refunded, the order cancelled. A shipped order is refused: that is what returns are for.
 */
import { fenToYuan, ORDER_STATUS_TEXT } from '@kc/domain';
import type { Db } from '../../platform/db.js';
import { business } from '../../platform/errors.js';
import { postMessage } from '../../modules/account/messages.js';
import { lockOrder } from '../../modules/order/lifecycle.js';
import { cancelLocked } from '../orders/cancel.js';

export interface OperatorCancel {
  orderNo: string;
  refund: number;
  before: { status: string; paid_amount: string };
  after: { status: string; refunded: string; reason: string };
}

export async function cancelByOperator(
  db: Db,
  orderId: number,
  reason: string,
  operatorId: number,
  now: Date,
): Promise<OperatorCancel> {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId);
    if (o.status === 2 || o.status === 3)
      throw business(`订单${ORDER_STATUS_TEXT[o.status]}，不能取消；如需退款请走退货/售后流程`);
    if (o.status === 4) throw business('订单已取消');
    const refund = await cancelLocked(tx, o, 'cancel', `客服取消：${reason}`, now, operatorId);
    // markCancelled (modules/order/lifecycle.ts) writes the timeline's event, '订单已取消（客服取消：…）'.
    await postMessage(
      tx,
      o.memberId,
      'order',
      '订单已取消',
      `您的订单${o.orderNo}已由客服取消，原因：${reason}。${refund > 0 ? `已支付的${fenToYuan(refund)}元已退回账户余额。` : ''}`,
      now,
    );
    return {
      orderNo: o.orderNo,
      refund,
      before: { status: ORDER_STATUS_TEXT[o.status], paid_amount: fenToYuan(o.paidAmount) },
      after: { status: ORDER_STATUS_TEXT[4], refunded: fenToYuan(refund), reason },
    };
  });
}
