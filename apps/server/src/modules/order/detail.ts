import { sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  INVOICE_TYPES,
  ORDER_STATUS_TEXT,
  RETURN_STATUS_TEXT,
  type CashbackStatus,
  type ReturnStatus,
  type OrderCashbackView,
  type OrderDetailView,
  type OrderLineView,
  type OrderStatus,
  type PaymentMethod,
} from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { AddressSnapshot, HmPurchaser, InvoiceSnapshot } from './schema.js';
import type { TrackingProvider } from '../../providers/index.js';
import { logisticsTimeline } from './logistics.js';
import { hmInfoView } from './hm.js';

import { actionsOf, OPEN_RETURN, paymentView } from './read.js';

const yuan = fenToYuan;
const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

/**
 * The order row plus its lines (with lots and the units claimed by open return requests, the
 * same count that asking for a return checks), events and returns as one json value.
 */
const DETAIL = sql`
  select json_build_object(
    'o', to_jsonb(o),
    'company', m.company,
    'lines', coalesce((select json_agg(json_build_object('l', to_jsonb(l), 'lots', coalesce((
        select json_agg(json_build_object('batch_no', x.batch_no, 'produced_on', x.produced_on, 'expires_on', x.expires_on,
          'number', x.number, 'qi', (select q.id from qi_reports q where q.goods_id = l.goods_id and q.batch_no = x.batch_no))
          order by x.expires_on, x.id) from order_line_lots x where x.order_line_id = l.id), '[]'::json),
        'open', coalesce((select sum(rl.number) from return_lines rl join return_requests r on r.id = rl.return_id
          where rl.order_line_id = l.id and r.status in ${OPEN_RETURN}), 0))
        order by l.id) from order_lines l where l.order_id = o.id), '[]'::json),
    'events', coalesce((select json_agg(json_build_object('at', e.created_at, 'text', e.text, 'logistics', e.logistics)
        order by e.id) from order_events e where e.order_id = o.id), '[]'::json),
    'returns', coalesce((select json_agg(json_build_object('id', r.id, 'return_no', r.return_no, 'kind', r.kind,
        'status', r.status, 'created_at', r.created_at) order by r.id) from return_requests r where r.order_id = o.id), '[]'::json),
    'cashback', (select json_build_object('name', coalesce(a.name, ''), 'amount', c.amount, 'reversed', c.reversed,
        'status', c.status) from cashbacks c left join activities a on a.id = c.activity_id where c.order_id = o.id)
  )::text as doc
  from orders o join members m on m.id = o.member_id`;

/** The order detail document as the one query returns it (snake_case columns of to_jsonb). */
type LineRow = {
  id: number;
  goods_id: number;
  name: string;
  ypgg: string;
  sccj: string;
  bzdw: string;
  approval_no: string;
  image: string;
  ck_id: number;
  warehouse: string;
  combination_name: string;
  raw_price: number;
  unit_price: number;
  number: number;
  amount: number;
  manjian_amount: number;
  coupon_amount: number;
  pay_amount: number;
  is_hm: boolean;
  is_gift: boolean;
  returned_number: number;
};
type LotRow = {
  batch_no: string;
  produced_on: string;
  expires_on: string;
  number: number;
  qi: number | null;
};
type OrderRow = {
  id: number;
  order_no: string;
  kind: string;
  status: OrderStatus;
  created_at: string;
  payable: number;
  payment_method: PaymentMethod | '';
  is_hm: boolean;
  expires_at: string;
  completed_at: string | null;
  paid_at: string | null;
  shipped_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string;
  address: AddressSnapshot;
  invoice: InvoiceSnapshot;
  remark: string;
  carrier: string;
  tracking_no: string;
  list_amount: number;
  tier_saving: number;
  discount_saving: number;
  goods_amount: number;
  manjian_amount: number;
  coupon_amount: number;
  voucher_amount: number;
  shipping_amount: number;
  paid_amount: number;
  refunded_amount: number;
  points_awarded: number;
  hm_purchaser: HmPurchaser | null;
  hm_receipt_at: string | null;
};
type DetailDoc = {
  o: OrderRow;
  company: string;
  lines: { l: LineRow; lots: LotRow[]; open: number }[];
  events: { at: string; text: string; logistics: boolean }[];
  returns: {
    id: number;
    return_no: string;
    kind: 'return' | 'after_sales';
    status: ReturnStatus;
    created_at: string;
  }[];
  cashback: CashbackRow | null;
};
type CashbackRow = { name: string; amount: number; reversed: number; status: CashbackStatus };

/** The order's 满返 cashback: 待返 until it completes, 已返, 已扣回 ¥x once returns took some back. */
function cashbackView(c: CashbackRow | null): OrderCashbackView | null {
  if (!c) return null;
  const text = { pending: '待返', credited: '已返', cancelled: '已取消' }[c.status];
  return {
    name: c.name,
    amount: yuan(c.amount),
    reversed: yuan(c.reversed),
    status: c.status,
    status_text: c.status === 'credited' && c.reversed > 0 ? `已扣回 ¥${yuan(c.reversed)}` : text,
  };
}

function lineView(l: LineRow, lots: LotRow[], open: number, returnable: boolean): OrderLineView {
  return {
    id: l.id,
    goods_id: l.goods_id,
    name: l.is_gift ? `${l.name}（赠品）` : l.name,
    ypgg: l.ypgg,
    sccj: l.sccj,
    bzdw: l.bzdw,
    approval_no: l.approval_no,
    image: l.image,
    ck_id: l.ck_id,
    warehouse: l.warehouse,
    combination: l.combination_name,
    raw_price: yuan(l.raw_price),
    price: yuan(l.unit_price),
    number: l.number,
    amount: yuan(l.amount),
    manjian_amount: yuan(l.manjian_amount),
    coupon_amount: yuan(l.coupon_amount),
    pay_amount: yuan(l.pay_amount),
    is_hm: flag(l.is_hm),
    lots: lots.map((x) => ({
      batch_no: x.batch_no,
      produced_on: x.produced_on,
      expires_on: x.expires_on,
      number: x.number,
      qi_report_url: x.qi ? `/api/qi_reports/${x.qi}/file` : '',
    })),
    returned_number: l.returned_number,
    returnable_number: returnable && !l.is_gift ? Math.max(0, l.number - l.returned_number - open) : 0,
  };
}

/** `GET /api/order/{id}`: a member's own order in full (one statement); another's is not found. */
export function memberOrderDetail(
  db: Queryable,
  memberId: number,
  orderId: number,
  now: Date,
  tracking: TrackingProvider,
): Promise<OrderDetailView> {
  return readDetail(db, sql`where o.id = ${orderId} and o.member_id = ${memberId}`, now, tracking);
}

/** Any member's order in full, for the back office (the admin plugin has checked the operator). */
export function operatorOrderDetail(
  db: Queryable,
  orderId: number,
  now: Date,
  tracking: TrackingProvider,
): Promise<OrderDetailView> {
  return readDetail(db, sql`where o.id = ${orderId}`, now, tracking);
}

/** `tracking` (ctx.providers.logistics) adds the carrier's scans to the parcel's timeline. */
async function readDetail(
  db: Queryable,
  where: SQL,
  now: Date,
  tracking: TrackingProvider,
): Promise<OrderDetailView> {
  const [row] = rowsOf<{ doc: string }>(await db.execute(sql`${DETAIL} ${where}`));
  if (!row) throw notFound('订单不存在');
  const d = JSON.parse(row.doc) as DetailDoc;
  const o = d.o;
  const date = (v: string | null) => (v ? new Date(v) : null);
  const status = o.status as OrderStatus;
  const actions = actionsOf({ status, completedAt: date(o.completed_at), kind: o.kind }, now);
  const lines = d.lines.map((x) => lineView(x.l, x.lots, Number(x.open), actions.can_return === 1));
  const warehouses = new Map<number, { ck_id: number; name: string; line_ids: number[] }>();
  for (const l of lines) {
    const w = warehouses.get(l.ck_id) ?? { ck_id: l.ck_id, name: l.warehouse, line_ids: [] };
    w.line_ids.push(l.id);
    warehouses.set(l.ck_id, w);
  }
  const events = d.events.map((e) => ({
    time: chinaDateTime(e.at),
    text: e.text,
    logistics: e.logistics,
  }));
  const shippedAt = date(o.shipped_at);
  const invoice = o.invoice as InvoiceSnapshot;
  const address = o.address as AddressSnapshot;
  return {
    id: o.id,
    order_no: o.order_no,
    status,
    status_text: ORDER_STATUS_TEXT[status],
    created_at: chinaDateTime(o.created_at),
    payable: yuan(o.payable),
    line_count: lines.length,
    payment_method: o.payment_method,
    is_hm: flag(o.is_hm),
    expires_at: chinaDateTime(o.expires_at),
    actions,
    member_company: d.company,
    address: {
      consignee: address.consignee,
      phone: address.phone,
      region: address.region,
      address: address.address,
    },
    lines,
    warehouses: [...warehouses.values()],
    amounts: {
      list_amount: yuan(o.list_amount),
      tier_saving: yuan(o.tier_saving),
      discount_saving: yuan(o.discount_saving),
      goods_amount: yuan(o.goods_amount),
      manjian_amount: yuan(o.manjian_amount),
      coupon_amount: yuan(o.coupon_amount),
      voucher_amount: yuan(o.voucher_amount),
      shipping_amount: yuan(o.shipping_amount),
      payable: yuan(o.payable),
      no_trans_order_amount: '0.00',
      short_amount: '0.00',
    },
    payment: paymentView({
      status,
      paymentMethod: o.payment_method,
      paidAmount: o.paid_amount,
      paidAt: date(o.paid_at),
      refundedAmount: o.refunded_amount,
      orderNo: o.order_no,
    }),
    invoice: {
      type: invoice.type,
      type_text: INVOICE_TYPES[invoice.type],
      title: invoice.title,
      tax_no: invoice.taxNo,
      bank: invoice.bank,
      account: invoice.account,
      address: invoice.address,
      phone: invoice.phone,
    },
    remark: o.remark,
    logistics: {
      carrier: o.carrier,
      tracking_no: o.tracking_no,
      timeline: logisticsTimeline(
        {
          carrier: o.carrier,
          trackingNo: o.tracking_no,
          shippedAt,
          completedAt: date(o.completed_at),
          region: address.region,
        },
        events.filter((e) => e.logistics),
        now,
        tracking,
      ),
    },
    events: events.map(({ time, text }) => ({ time, text })),
    paid_at: chinaDateTime(o.paid_at),
    shipped_at: chinaDateTime(o.shipped_at),
    completed_at: chinaDateTime(o.completed_at),
    cancelled_at: chinaDateTime(o.cancelled_at),
    cancel_reason: o.cancel_reason,
    points_awarded: o.points_awarded,
    hm: o.is_hm ? hmInfoView(o.id, o.hm_purchaser as HmPurchaser | null, date(o.hm_receipt_at)) : null,
    returns: d.returns.map((r) => ({
      id: r.id,
      return_no: r.return_no,
      kind: r.kind,
      status_text: RETURN_STATUS_TEXT[r.status],
      created_at: chinaDateTime(r.created_at),
    })),
    cashback: cashbackView(d.cashback),
  };
}
