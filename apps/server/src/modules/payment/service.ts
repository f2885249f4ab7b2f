import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  ORDER_STATUS_TEXT,
  PAYMENT_METHODS,
  type BankAccountView,
  type PaymentMethod,
  type PaymentStatusView,
  type PayPageView,
} from '@kc/domain';
import { rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { getSiteSettings } from '../content/settings.js';
import { paymentView } from '../order/read.js';

export const newPaymentNo = () => `P${Date.now()}${crypto.randomInt(100000, 999999)}`;

export async function bankAccount(db: Queryable): Promise<BankAccountView> {
  const s = await getSiteSettings(db);
  return { name: s.payee_name, bank: s.payee_bank, account: s.payee_account };
}

/** `GET /api/order/{id}/pay`: what the pay page needs. */
export async function payPage(db: Db, memberId: number, orderId: number): Promise<PayPageView> {
  const res = await db.execute(sql`
    select o.id, o.order_no, o.status, o.payable, o.expires_at, o.is_hm, o.hm_purchaser is not null as has_purchaser,
      o.payment_method, o.paid_amount, o.paid_at, o.refunded_amount, m.balance
    from orders o join members m on m.id = o.member_id
    where o.id = ${orderId} and o.member_id = ${memberId} and o.kind = 'goods'`);
  type Row = {
    id: number;
    order_no: string;
    status: 0 | 1 | 2 | 3 | 4;
    payable: number;
    expires_at: string;
    is_hm: boolean;
    has_purchaser: boolean;
    payment_method: PaymentMethod | '';
    paid_amount: number;
    paid_at: string | null;
    refunded_amount: number;
    balance: number;
  };
  const [o] = rowsOf<Row>(res);
  if (!o) throw new AppError('notFound', '订单不存在');
  const bank = await bankAccount(db);
  const unpaid = o.status === 0;
  const balanceShort = o.balance < o.payable;
  return {
    order_id: o.id,
    order_no: o.order_no,
    status: o.status,
    status_text: ORDER_STATUS_TEXT[o.status],
    payable: fenToYuan(o.payable),
    balance: fenToYuan(o.balance),
    expires_at: chinaDateTime(new Date(o.expires_at)),
    is_hm: o.is_hm ? 1 : 0,
    hm_identity_required: o.is_hm && !o.has_purchaser ? 1 : 0,
    methods: [
      {
        method: 'balance',
        label: PAYMENT_METHODS.balance,
        enabled: unpaid && !balanceShort ? 1 : 0,
        reason: !unpaid
          ? '订单不是待付款状态'
          : balanceShort
            ? `余额不足（可用${fenToYuan(o.balance)}元）`
            : '',
      },
      {
        method: 'offline',
        label: PAYMENT_METHODS.offline,
        enabled: unpaid && bank.account ? 1 : 0,
        reason: !unpaid ? '订单不是待付款状态' : bank.account ? '' : '暂未开通对公转账',
      },
      {
        method: 'online',
        label: PAYMENT_METHODS.online,
        enabled: unpaid ? 1 : 0,
        reason: unpaid ? '' : '订单不是待付款状态',
      },
    ],
    bank,
    payment: paymentView({
      status: o.status,
      paymentMethod: o.payment_method,
      paidAmount: o.paid_amount,
      paidAt: o.paid_at ? new Date(o.paid_at) : null,
      refundedAmount: o.refunded_amount,
      orderNo: o.order_no,
    }),
  };
}

/**
 * `GET /api/payment/{payment_no}`: the member's own order payment's state. A top-up has no
 * order: its state is `GET /api/user/recharge/{payment_no}` (recharge-payments.ts).
 */
export async function paymentStatus(
  db: Queryable,
  memberId: number,
  paymentNo: string,
): Promise<PaymentStatusView> {
  const res = await db.execute(sql`
    select p.payment_no, p.order_id, p.status from payments p
    where p.payment_no = ${paymentNo} and p.member_id = ${memberId} and p.kind = 'order'`);
  const [p] = rowsOf<{ payment_no: string; order_id: number; status: string }>(res);
  if (!p) throw new AppError('notFound', '支付单不存在');
  return {
    payment_no: p.payment_no,
    order_id: p.order_id,
    status:
      p.status === 'paid' || p.status === 'refunded' ? 'paid' : p.status === 'closed' ? 'closed' : 'pending',
  };
}
