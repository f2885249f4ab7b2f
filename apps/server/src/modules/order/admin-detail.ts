/** `GET /api/admin/orders/{id}`: the member's view of the order plus what the back office needs. */
import { sql } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  PAYMENT_METHODS,
  type AdminOrderDetailView,
  type AllocationLotView,
  type PaymentMethod,
} from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { TrackingProvider } from '../../providers/index.js';
import { operatorOrderDetail } from './detail.js';

const PAYMENT_STATUS_TEXT = {
  pending: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款',
} as const;

type Head = {
  member_id: number;
  username: string;
  kind: 'goods' | 'points';
  allocated_at: string | null;
  allocated_by: string;
  allocation_note: string;
};
type Payment = {
  payment_no: string;
  method: PaymentMethod;
  amount: number;
  status: keyof typeof PAYMENT_STATUS_TEXT;
  trade_no: string;
  created_at: string;
  paid_at: string | null;
};

/** The allocation columns of an order: who confirmed its lots, when, and why they changed. */
export async function allocationState(db: Queryable, orderId: number) {
  const [h] = rowsOf<Head>(
    await db.execute(sql`
      select o.member_id, m.username, o.kind, o.allocated_at, coalesce(nullif(op.name, ''), op.username, '') as allocated_by,
        o.allocation_note
      from orders o join members m on m.id = o.member_id left join operators op on op.id = o.allocated_by
      where o.id = ${orderId}`),
  );
  if (!h) throw notFound('订单不存在');
  return {
    head: h,
    view: {
      allocated: h.allocated_at ? (1 as const) : (0 as const),
      allocated_at: chinaDateTime(h.allocated_at),
      allocated_by: h.allocated_by,
      note: h.allocation_note,
    },
  };
}

/** The lots each line holds, with their lot ids, earliest expiry first. */
export async function lineLots(db: Queryable, orderId: number): Promise<Map<number, AllocationLotView[]>> {
  const rows = rowsOf<AllocationLotView & { line_id: number }>(
    await db.execute(sql`
      select order_line_id as line_id, lot_id, batch_no, produced_on::text as produced_on,
        expires_on::text as expires_on, number
      from order_line_lots where order_id = ${orderId} order by order_line_id, expires_on, id`),
  );
  const out = new Map<number, AllocationLotView[]>();
  for (const { line_id, ...lot } of rows) out.set(line_id, [...(out.get(line_id) ?? []), lot]);
  return out;
}

/** Any member's order in full for an operator: lots with ids, payments, allocation, the timeline's actors. */
export async function adminOrderDetail(
  db: Queryable,
  orderId: number,
  now: Date,
  tracking: TrackingProvider,
): Promise<AdminOrderDetailView> {
  const [d, state, lots] = await Promise.all([
    operatorOrderDetail(db, orderId, now, tracking),
    allocationState(db, orderId),
    lineLots(db, orderId),
  ]);
  // The payments table is read, never written, here (the payment module owns it).
  const payments = rowsOf<Payment>(
    await db.execute(sql`
      select payment_no, method, amount, status, trade_no, created_at, paid_at
      from payments where order_id = ${orderId} order by id`),
  );
  const events = rowsOf<{ at: string; text: string; actor: 'member' | 'operator' | 'system' }>(
    await db.execute(
      sql`select created_at as at, text, actor from order_events where order_id = ${orderId} order by id`,
    ),
  );
  return {
    ...d,
    member_id: state.head.member_id,
    member_username: state.head.username,
    kind: state.head.kind,
    allocation: state.view,
    line_lots: Object.fromEntries(lots),
    payments: payments.map((p) => ({
      payment_no: p.payment_no,
      method: p.method,
      method_text: PAYMENT_METHODS[p.method],
      amount: fenToYuan(p.amount),
      status: p.status,
      status_text: PAYMENT_STATUS_TEXT[p.status],
      trade_no: p.trade_no,
      created_at: chinaDateTime(p.created_at),
      paid_at: chinaDateTime(p.paid_at),
    })),
    timeline: events.map((e) => ({ time: chinaDateTime(e.at), text: e.text, actor: e.actor })),
  };
}
