import type { Db } from '../../platform/db.js';
import type { Log } from '../../platform/log.js';
import type { Notification, PaymentGateway } from '../../providers/index.js';
import { lockOrder, markPaid } from '../../modules/order/lifecycle.js';
import { addEvent } from '../../modules/order/write.js';
import {
  lockGatewayPayment,
  recordNotification,
  settleGatewayPayment,
} from '../../modules/payment/order-payments.js';
import { changeBalance } from '../../modules/wallet/service.js';
import { creditRecharge } from './recharge.js';

/**
 * How far (seconds, either way) a notification's signed timestamp may be from the server's
 * clock. Older ones are refused: a notification captured once cannot be played back later.
 */
export const NOTIFY_WINDOW_S = 300;

function withinWindow(timestamp: string, now: Date): boolean {
  return (
    /^\d{1,12}$/.test(timestamp) &&
    Math.abs(Number(timestamp) * 1000 - now.getTime()) <= NOTIFY_WINDOW_S * 1000
  );
}

/**
 * A gateway's payment notification. Every one is recorded; only a correctly signed one, whose
 * signed timestamp is within NOTIFY_WINDOW_S of the server's clock, for a known payment of the
 * same amount counts; a refused one is logged as a warning. Replays answer 'success' and change nothing (the
 * payment row is locked and already paid). Money for an order that was meanwhile closed or
 * paid another way is taken and refunded to the wallet at once, so no payment is lost and
 * no order is paid twice. A top-up (kind 'recharge') credits the member's balance once
 * (recharge.ts).
 */
export async function handleNotification(
  db: Db,
  gateway: Pick<PaymentGateway, 'verify'>,
  provider: string,
  payload: Partial<Notification>,
  now: Date,
  log: Pick<Log, 'warn'>,
): Promise<'success' | 'fail'> {
  const verified = gateway.verify(payload);
  const record = (result: string) => recordNotification(db, provider, payload, verified, result, now);
  const seen = { provider, payment_no: payload.payment_no, timestamp: payload.timestamp };
  if (!verified) log.warn(seen, 'payment notification refused: bad signature');
  else if (!withinWindow(payload.timestamp, now)) {
    log.warn(
      { ...seen, server_time: now.toISOString() },
      `payment notification refused: timestamp outside ±${NOTIFY_WINDOW_S} s of the server clock`,
    );
    await record('rejected: timestamp outside the window');
    return 'fail';
  }
  if (!verified || payload.status !== 'SUCCESS') {
    await record(verified ? 'ignored: not success' : 'rejected: bad signature');
    return verified ? 'success' : 'fail';
  }
  const n = payload;
  const outcome = await db.transaction(async (tx) => {
    const p = await lockGatewayPayment(tx, provider, n.payment_no);
    if (!p) return 'fail: unknown payment';
    if (String(p.amount) !== n.amount) return 'fail: amount mismatch';
    if (p.kind === 'recharge') return creditRecharge(tx, p, n.trade_no, now);
    if (p.status === 'paid' || p.status === 'refunded') return 'success: replay';
    const o = await lockOrder(tx, p.order_id);
    if (o.status === 0) {
      await settleGatewayPayment(tx, p.id, 'paid', n.trade_no, now);
      await markPaid(tx, o, 'online', now, 'system');
      return 'success: paid';
    }
    await settleGatewayPayment(tx, p.id, 'refunded', n.trade_no, now);
    await changeBalance(
      tx,
      p.member_id,
      p.amount,
      {
        useType: 3,
        orderId: o.id,
        orderNo: o.orderNo,
        remark: '订单已关闭或已支付，在线支付款退回余额',
      },
      now,
    );
    await addEvent(tx, o.id, 'payment_refunded', '收到重复或迟到的在线支付款，已退回账户余额', 'system', now);
    return 'success: refunded to balance';
  });
  await record(outcome);
  return outcome.startsWith('success') ? 'success' : 'fail';
}
