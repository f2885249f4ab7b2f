import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  ORDER_RULES,
  ORDER_STATUS_TEXT,
  PAYMENT_METHODS,
  type BankAccountView,
  type PaymentMethod,
  type PaymentStatusView,
  type PayPageView,
  type PayResultView,
} from '@kc/domain';
import { rowsOf, type Db, type Queryable, type Tx } from '../../platform/db.js';
import { AppError, business, invalid } from '../../platform/errors.js';
import { getSiteSettings } from '../content/settings.js';
import { assertAllowed, lockOrder, markPaid, type LockedOrder } from '../order/lifecycle.js';
import { paymentView } from '../order/read.js';
import { addEvent } from '../order/write.js';
import { changeBalance } from '../wallet/service.js';
import { payments } from './schema.js';

export const newPaymentNo = () => `P${Date.now()}${crypto.randomInt(100000, 999999)}`;

export async function bankAccount(db: Queryable): Promise<BankAccountView> {
  const s = await getSiteSettings(db);
  return { name: s.payee_name, bank: s.payee_bank, account: s.payee_account };
}

/** 含麻 purchaser identity as the pay call sends it. */
export interface Purchaser {
  purchaser_name: string;
  purchaser_id_no: string;
  purchaser_phone: string;
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

/** Records the 含麻 purchaser once; an order with 含麻 goods cannot be paid without one. */
async function recordPurchaser(tx: Tx, o: LockedOrder, p: Purchaser | null, now: Date) {
  if (!o.isHm || o.hasPurchaser) return;
  if (!p) throw invalid('purchaser_name', '含麻黄碱类药品订单须登记购买人身份信息');
  await tx.execute(sql`
    update orders set hm_purchaser = ${JSON.stringify({
      name: p.purchaser_name,
      idNo: p.purchaser_id_no,
      phone: p.purchaser_phone,
      recordedAt: now.toISOString(),
    })}::jsonb where id = ${o.id}`);
  await addEvent(tx, o.id, 'hm_purchaser', `已登记含麻药品购买人：${p.purchaser_name}`, 'member', now);
}

/**
 * `POST /api/order/{id}/pay`. Balance: debits the wallet and pays the order in one
 * transaction. Offline: the order waits (72 h) for the operator to confirm the transfer.
 * Online: a pending payment and the gateway's page (the development simulator).
 */
export async function payOrder(
  db: Db,
  memberId: number,
  orderId: number,
  method: PaymentMethod,
  purchaser: Purchaser | null,
  now: Date,
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
      await tx.insert(payments).values({ ...base, status: 'paid', paidAt: now });
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
    await tx.execute(
      sql`update payments set status = 'closed' where order_id = ${o.id} and status = 'pending'`,
    );
    if (method === 'offline') {
      await tx.insert(payments).values({ ...base });
      const expiresAt = new Date(
        Math.max(o.expiresAt.getTime(), now.getTime() + ORDER_RULES.offlineTimeoutMs),
      );
      await tx.execute(
        sql`update orders set payment_method = 'offline', expires_at = ${expiresAt} where id = ${o.id}`,
      );
      await addEvent(tx, o.id, 'offline', '买家选择对公转账，等待财务确认到账', 'member', now);
      return {
        order_id: o.id,
        status: 'awaiting_transfer',
        payment_no: paymentNo,
        pay_url: '',
        bank,
        reference: o.orderNo,
      };
    }
    await tx.insert(payments).values({ ...base, provider: 'simulator' });
    return {
      order_id: o.id,
      status: 'pending',
      payment_no: paymentNo,
      pay_url: `/api/pay/simulator/${paymentNo}`,
      bank: null,
      reference: '',
    };
  });
}

/** `GET /api/payment/{payment_no}`: the member's own payment's state. */
export async function paymentStatus(
  db: Queryable,
  memberId: number,
  paymentNo: string,
): Promise<PaymentStatusView> {
  const res = await db.execute(sql`
    select p.payment_no, p.order_id, p.status from payments p
    where p.payment_no = ${paymentNo} and p.member_id = ${memberId}`);
  const [p] = rowsOf<{ payment_no: string; order_id: number; status: string }>(res);
  if (!p) throw new AppError('notFound', '支付单不存在');
  return {
    payment_no: p.payment_no,
    order_id: p.order_id,
    status:
      p.status === 'paid' || p.status === 'refunded' ? 'paid' : p.status === 'closed' ? 'closed' : 'pending',
  };
}

/** Operator: confirms the bank transfer of an order waiting for it. */
export async function confirmOfflinePayment(db: Db, orderId: number, note: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId);
    if (o.status !== 0) throw business(`订单${ORDER_STATUS_TEXT[o.status]}，无需确认收款`);
    const updated = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update payments set status = 'paid', paid_at = ${now}, trade_no = ${note}
        where id = (select id from payments where order_id = ${o.id} and method = 'offline' and status = 'pending'
          order by id desc limit 1)
        returning id`),
    );
    if (updated.length === 0)
      await tx.insert(payments).values({
        paymentNo: newPaymentNo(),
        orderId: o.id,
        memberId: o.memberId,
        method: 'offline',
        amount: o.payable,
        status: 'paid',
        tradeNo: note,
        createdAt: now,
        paidAt: now,
      });
    await markPaid(tx, o, 'offline', now, 'operator');
  });
}
