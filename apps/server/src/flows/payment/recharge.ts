import { fenToYuan, ONLINE_RECHARGE_REMARK, type RechargeResultView } from '@kc/domain';
import type { Db, Tx } from '../../platform/db.js';
import type { PaymentGateway } from '../../providers/index.js';
import type { GatewayPaymentRow } from '../../modules/payment/order-payments.js';
import { settleGatewayPayment } from '../../modules/payment/order-payments.js';
import { openRechargePayment } from '../../modules/payment/recharge-payments.js';
import { newPaymentNo } from '../../modules/payment/service.js';
import { changeBalance } from '../../modules/wallet/service.js';

/**
 * `POST /api/user/recharge`: a pending top-up (payments.kind 'recharge', no order) opened at
 * the online gateway, and its cashier's address, as an order's online payment does
 * (pay.ts). Nothing moves until the gateway's notification (creditRecharge). Every call opens
 * a new payment number; an unpaid one stays pending and is harmless.
 */
export async function startRecharge(
  db: Db,
  memberId: number,
  amount: number,
  now: Date,
  gateway: PaymentGateway,
): Promise<RechargeResultView> {
  return db.transaction(async (tx) => {
    const paymentNo = newPaymentNo();
    // The gateway is told the payment number as the merchant's reference: there is no order.
    const { payUrl } = await gateway.createPayment({ paymentNo, orderNo: paymentNo, amount });
    await openRechargePayment(tx, { paymentNo, memberId, amount, provider: gateway.name, createdAt: now });
    return { payment_no: paymentNo, amount: fenToYuan(amount), status: 'pending', pay_url: payUrl };
  });
}

/**
 * The gateway took a top-up's money (notify.ts, under the payment's row lock, the amount
 * already checked): the payment is paid and the balance credited with a money-log entry
 * (use_type 1 充值, order_no = the payment number, remark 在线充值) in the same transaction.
 * A paid one is a replay and changes nothing.
 */
export async function creditRecharge(
  tx: Tx,
  p: GatewayPaymentRow & { kind: 'recharge' },
  tradeNo: string,
  now: Date,
): Promise<'success: replay' | 'success: recharged'> {
  if (p.status === 'paid') return 'success: replay';
  await settleGatewayPayment(tx, p.id, 'paid', tradeNo, now);
  await changeBalance(
    tx,
    p.member_id,
    p.amount,
    { useType: 1, orderNo: p.payment_no, remark: ONLINE_RECHARGE_REMARK },
    now,
  );
  return 'success: recharged';
}
