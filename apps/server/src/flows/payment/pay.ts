import type { PaymentMethod, PayResultView } from '@kc/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import type { PaymentGateway } from '../../providers/index.js';
import { recordPurchaser, type Purchaser } from '../../modules/order/hm.js';
import { assertAllowed, awaitTransfer, lockOrder, markPaid } from '../../modules/order/lifecycle.js';
import { closePendingPayments, openPayment } from '../../modules/payment/order-payments.js';
import { bankAccount, newPaymentNo } from '../../modules/payment/service.js';
import { changeBalance } from '../../modules/wallet/service.js';

/** What an order of the member's asks to be paid (fen), read before its lock (the SMS-code threshold). */
export async function payableOf(db: Queryable, memberId: number, orderId: number): Promise<number> {
  const [o] = rowsOf<{ payable: number }>(
    await db.execute(sql`select payable from orders where id = ${orderId} and member_id = ${memberId}`),
  );
  if (!o) throw notFound('订单不存在');
  return o.payable;
}

/**
 * `POST /api/order/{id}/pay`, in one transaction under the order's lock. Balance: the wallet
 * debited, a paid payment and the order paid. Offline: a pending payment and the order waiting
 * (72 h) for the operator to confirm the transfer. Online: a pending payment opened at the
 * gateway (ctx.providers.payment) and its cashier's address; the seed, which pays from the
 * balance only, passes no gateway. A 含麻 order records its purchaser first.
 */
export async function payOrder(
  db: Db,
  memberId: number,
  orderId: number,
  method: PaymentMethod,
  purchaser: Purchaser | null,
  now: Date,
  gateway?: PaymentGateway,
): Promise<PayResultView> {
  const bank = method === 'offline' ? await bankAccount(db) : null;
  if (bank && !bank.account) throw business('暂未开通对公转账，请选择其他支付方式');
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId, memberId);
    if (o.status !== 0) throw business(o.status === 4 ? '订单已取消，无法支付' : '订单已支付，请勿重复支付');
    assertAllowed(o, 'pay');
    if (o.expiresAt <= now) throw business('订单已超时关闭，请重新下单');
    await recordPurchaser(tx, o, purchaser, now);
    const paymentNo = newPaymentNo();
    const base = { paymentNo, orderId: o.id, memberId, method, amount: o.payable, createdAt: now };
    if (method === 'balance') {
      if (o.payable > 0)
        await changeBalance(
          tx,
          memberId,
          -o.payable,
          { useType: 2, orderId: o.id, orderNo: o.orderNo, remark: '订单支付' },
          now,
        );
      await openPayment(tx, { ...base, paidAt: now });
      await markPaid(tx, o, 'balance', now);
      return {
        order_id: o.id,
        status: 'paid',
        payment_no: paymentNo,
        pay_url: '',
        bank: null,
        reference: '',
      };
    }
    await closePendingPayments(tx, o.id);
    if (method === 'offline') {
      await openPayment(tx, base);
      await awaitTransfer(tx, o, now);
      return {
        order_id: o.id,
        status: 'awaiting_transfer',
        payment_no: paymentNo,
        pay_url: '',
        bank,
        reference: o.orderNo,
      };
    }
    if (!gateway) throw new Error('online payment without a payment gateway');
    const { payUrl } = await gateway.createPayment({ paymentNo, orderNo: o.orderNo, amount: o.payable });
    await openPayment(tx, { ...base, provider: gateway.name });
    return {
      order_id: o.id,
      status: 'pending',
      payment_no: paymentNo,
      pay_url: payUrl,
      bank: null,
      reference: '',
    };
  });
}
