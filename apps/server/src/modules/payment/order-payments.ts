import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import type { Notification } from '../../providers/index.js';
import { paymentNotifications, payments } from './schema.js';

/**
 * The payment rows of an order, written here only: the pay, notify and cancel journeys
 * (flows/payment, flows/orders) call these inside the order's transaction, under its row lock.
 * A balance top-up's payment (kind 'recharge', no order) is opened in recharge-payments.ts;
 * the gateway's lookups below serve both kinds.
 */

/** A new payment attempt of an order. */
export interface NewPayment {
  paymentNo: string;
  orderId: number;
  memberId: number;
  method: PaymentMethod;
  amount: number;
  createdAt: Date;
  /** Paid at once (balance); else pending until the transfer or the gateway confirms it. */
  paidAt?: Date;
  /** The online gateway that serves it. */
  provider?: string;
}

export async function openPayment(tx: Queryable, p: NewPayment): Promise<void> {
  const { paidAt, ...row } = p;
  await tx.insert(payments).values(paidAt ? { ...row, status: 'paid', paidAt } : row);
}

/** Open (pending) payments of an order are closed: a new attempt or a cancelled order. */
export async function closePendingPayments(tx: Queryable, orderId: number): Promise<void> {
  await tx.execute(
    sql`update payments set status = 'closed' where order_id = ${orderId} and status = 'pending'`,
  );
}

/** The paid payment of a cancelled order is marked refunded (the money went back to the balance). */
export async function refundPaidPayments(tx: Queryable, orderId: number): Promise<void> {
  await tx.execute(
    sql`update payments set status = 'refunded' where order_id = ${orderId} and status = 'paid'`,
  );
}

/** A gateway's payment as the notification handler sees it: an order's or a top-up's. */
export type GatewayPaymentRow = {
  id: number;
  payment_no: string;
  member_id: number;
  amount: number;
  status: string;
} & ({ kind: 'order'; order_id: number } | { kind: 'recharge'; order_id: null });

/**
 * A gateway's payment, locked (`for update`) so two notifications of it queue; null if
 * unknown. A top-up (kind 'recharge') has no order.
 */
export async function lockGatewayPayment(
  tx: Queryable,
  provider: string,
  paymentNo: string,
): Promise<GatewayPaymentRow | null> {
  const [p] = rowsOf<GatewayPaymentRow>(
    await tx.execute(sql`
      select id, payment_no, kind, order_id, member_id, amount, status from payments
      where payment_no = ${paymentNo} and provider = ${provider} for update`),
  );
  return p ?? null;
}

/**
 * The gateway took the money: the payment is paid, or refunded when its order was meanwhile
 * closed or paid another way (the money then went to the balance).
 */
export async function settleGatewayPayment(
  tx: Queryable,
  id: number,
  status: 'paid' | 'refunded',
  tradeNo: string,
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`update payments set status = ${status}, paid_at = ${now}, trade_no = ${tradeNo} where id = ${id}`,
  );
}

/** Every notification received is kept, verified or not, with what came of it (an audit trail). */
export async function recordNotification(
  db: Queryable,
  provider: string,
  payload: Partial<Notification>,
  verified: boolean,
  result: string,
  now: Date,
): Promise<void> {
  await db.insert(paymentNotifications).values({
    provider,
    paymentNo: String(payload.payment_no ?? '').slice(0, 64),
    tradeNo: String(payload.trade_no ?? '').slice(0, 64),
    payload: payload as Record<string, unknown>,
    verified: verified ? 1 : 0,
    result,
    createdAt: now,
  });
}

/** A gateway's payment as a cashier page shows it: an order's (with its number) or a top-up. */
export type CashierPayment = {
  payment_no: string;
  amount: number;
  status: string;
  member_id: number;
} & (
  { kind: 'order'; order_id: number; order_no: string } | { kind: 'recharge'; order_id: null; order_no: '' }
);

/** A gateway's payment as a cashier page shows it; null if unknown. */
export async function cashierPayment(
  db: Queryable,
  provider: string,
  paymentNo: string,
): Promise<CashierPayment | null> {
  const [p] = rowsOf<CashierPayment>(
    await db.execute(sql`select p.payment_no, p.kind, coalesce(o.order_no, '') as order_no, p.amount, p.status,
        p.order_id, p.member_id
      from payments p left join orders o on o.id = p.order_id
      where p.payment_no = ${paymentNo} and p.provider = ${provider}`),
  );
  return p ?? null;
}
