import { sql } from 'drizzle-orm';
import { chinaDateTime, fenToYuan, type RechargeStatusView } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { payments } from './schema.js';

/**
 * The payment rows of a balance top-up (在线充值): kind 'recharge', no order. Opened pending
 * at the gateway by flows/payment/recharge.ts; the notification handler settles them
 * (lockGatewayPayment / settleGatewayPayment in order-payments.ts serve both kinds).
 */

/** A new pending top-up at the online gateway `provider`. */
export async function openRechargePayment(
  tx: Queryable,
  p: { paymentNo: string; memberId: number; amount: number; provider: string; createdAt: Date },
): Promise<void> {
  await tx.insert(payments).values({
    paymentNo: p.paymentNo,
    kind: 'recharge',
    orderId: null,
    memberId: p.memberId,
    method: 'online',
    provider: p.provider,
    amount: p.amount,
    createdAt: p.createdAt,
  });
}

/** `GET /api/user/recharge/{payment_no}`: the member's own top-up; another's is not found. */
export async function rechargeStatus(
  db: Queryable,
  memberId: number,
  paymentNo: string,
): Promise<RechargeStatusView> {
  const [p] = rowsOf<{ payment_no: string; amount: number; status: string; paid_at: string | null }>(
    await db.execute(sql`
      select payment_no, amount, status, paid_at from payments
      where payment_no = ${paymentNo} and member_id = ${memberId} and kind = 'recharge'`),
  );
  if (!p) throw new AppError('notFound', '充值单不存在');
  return {
    payment_no: p.payment_no,
    amount: fenToYuan(p.amount),
    status: p.status === 'paid' ? 'paid' : p.status === 'pending' ? 'pending' : 'closed',
    paid_at: p.paid_at ? chinaDateTime(new Date(p.paid_at)) : '',
  };
}
