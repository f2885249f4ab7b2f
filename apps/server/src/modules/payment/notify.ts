import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.js';
import { lockOrder, markPaid } from '../order/lifecycle.js';
import { addEvent } from '../order/write.js';
import { changeBalance } from '../wallet/service.js';
import { paymentNotifications } from './schema.js';
import { verifyNotification, type Notification } from './signature.js';

/**
 * A gateway's payment notification. Every one is recorded; only a correctly signed one for a
 * known payment of the same amount counts. Replays answer 'success' and change nothing (the
 * payment row is locked and already paid). Money for an order that was meanwhile closed or
 * paid another way is taken and refunded to the wallet at once, so no payment is lost and
 * no order is paid twice.
 */
export async function handleNotification(
  db: Db,
  secret: string,
  provider: string,
  payload: Partial<Notification>,
  now: Date,
): Promise<'success' | 'fail'> {
  const verified = verifyNotification(payload, secret);
  const record = (result: string) =>
    db.insert(paymentNotifications).values({
      provider,
      paymentNo: String(payload.payment_no ?? '').slice(0, 64),
      tradeNo: String(payload.trade_no ?? '').slice(0, 64),
      payload: payload as Record<string, unknown>,
      verified: verified ? 1 : 0,
      result,
      createdAt: now,
    });
  if (!verified || payload.status !== 'SUCCESS') {
    await record(verified ? 'ignored: not success' : 'rejected: bad signature');
    return verified ? 'success' : 'fail';
  }
  const n = payload;
  const outcome = await db.transaction(async (tx) => {
    const [p] = rowsOf<{ id: number; order_id: number; member_id: number; amount: number; status: string }>(
      await tx.execute(sql`
        select id, order_id, member_id, amount, status from payments
        where payment_no = ${n.payment_no} and provider = ${provider} for update`),
    );
    if (!p) return 'fail: unknown payment';
    if (String(p.amount) !== n.amount) return 'fail: amount mismatch';
    if (p.status === 'paid' || p.status === 'refunded') return 'success: replay';
    const o = await lockOrder(tx, p.order_id);
    if (o.status === 0) {
      await tx.execute(
        sql`update payments set status = 'paid', paid_at = ${now}, trade_no = ${n.trade_no} where id = ${p.id}`,
      );
      await markPaid(tx, o, 'online', now, 'system');
      return 'success: paid';
    }
    await tx.execute(
      sql`update payments set status = 'refunded', paid_at = ${now}, trade_no = ${n.trade_no} where id = ${p.id}`,
    );
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
