/**
 * Reply shapes of the order, payment and return calls (docs/api/order.md). Amounts are yuan
 * strings with two decimals ("12.50"); times are 'YYYY-MM-DD HH:mm:ss' in China time.
 */
import type { AddressView } from '../account.js';
import type { LotExpiryView } from '../pay-security.js';
import type { ReductionView } from '../pricing/reductions.js';
import type { ManfanProgressView } from '../cart-views.js';
import type { OrderCashbackView } from '../checkout-views.js';
import type { OrderStatus, PaymentMethod, InvoiceType } from './status.js';

/** The check-order breakdown (also the order's amounts). */
export interface OrderAmountsView {
  list_amount: string;
  tier_saving: string;
  discount_saving: string;
  goods_amount: string;
  manjian_amount: string;
  coupon_amount: string;
  voucher_amount: string;
  shipping_amount: string;
  payable: string;
  /** Free-shipping threshold and how much more buys free shipping ('0.00' when free). */
  no_trans_order_amount: string;
  short_amount: string;
}

/** A coupon (优惠券) or cash voucher (现金券) held by the member, priced against a selection. */
export interface CouponOptionView {
  /** The member coupon id (what `coupon_id` / `voucher_id` send). */
  id: number;
  name: string;
  kind: 'manjian' | 'discount' | 'cash';
  kind_text: string;
  threshold: string;
  amount: string;
  /** Per mille for 折扣 (950 = 95折), else 1000. */
  rate: number;
  /** '全场通用', '指定分类', '指定商品'. */
  scope_text: string;
  /** 'YYYY-MM-DD HH:mm:ss'. */
  valid_from: string;
  valid_to: string;
  /** "满100减10", "9.5折", "现金券20元". */
  text: string;
  usable: 0 | 1;
  /** Why it cannot be used on this selection ('' when usable). */
  reason: string;
  /** What it takes off this selection ('0.00' when unusable). */
  discount: string;
}

/** One line of the check-order page (a cart line with its lot-free order view). */
export interface CheckOrderLineView {
  /** Cart line id. */
  id: number;
  goods_id: number;
  type: number;
  name: string;
  ypgg: string;
  sccj: string;
  bzdw: string;
  image: string;
  ck_id: number;
  price: string;
  raw_price: string;
  number: number;
  amount: string;
  goods_manjian_amount: string;
  is_hm: 0 | 1;
  gift_data: { total: number; type: string } | null;
  /** The expiry of the lots (FEFO, above the buyer's shelf-life floor) the line would get. */
  lot_expiry?: LotExpiryView | null;
  /** Each reduction named with its amount, the coupon and voucher shares included. */
  reductions?: ReductionView[];
}

export interface WarehouseGroupView<L> {
  ck_id: number;
  name: string;
  lines: L[];
  amount: string;
}

/** The company's tax details, prefilled for an invoice. */
export interface InvoiceDefaultsView {
  title: string;
  tax_no: string;
  bank: string;
  account: string;
  address: string;
  phone: string;
}

/** `POST /api/order/preview`: everything /cart/step2 shows. */
export interface CheckOrderView {
  /** Cart line ids that will be ordered. */
  ids: number[];
  warehouses: WarehouseGroupView<CheckOrderLineView>[];
  line_count: number;
  addresses: AddressView[];
  /** The default (or first) address id, 0 when there is none. */
  address_id: number;
  coupons: CouponOptionView[];
  /** The coupon applied: the best by default, 0 for none. */
  coupon_id: number;
  vouchers: CouponOptionView[];
  voucher_id: number;
  invoice_types: { value: InvoiceType; label: string }[];
  invoice_defaults: InvoiceDefaultsView;
  amounts: OrderAmountsView;
  has_hm: 0 | 1;
  /** 94折 and 满减 running now (for the breakdown's labels); the 满返 the order earns. */
  activity: { manjian: string | null; discount: string | null; manfan?: ManfanProgressView | null };
}

/** `POST /api/order`: the order placed. */
export interface PlacedOrderView {
  order_id: number;
  order_no: string;
  payable: string;
  status: OrderStatus;
  is_hm: 0 | 1;
  /** Where to pay: /cart/step3/{id}, or /cart/hm?id={id} for 含麻 orders. */
  pay_path: string;
  /** 'YYYY-MM-DD HH:mm:ss': unpaid orders cancel themselves then. */
  expires_at: string;
}

export interface OrderLotView {
  batch_no: string;
  produced_on: string;
  expires_on: string;
  number: number;
  /** The order page: the batch's quality-inspection report ('' when none was uploaded). */
  qi_report_url?: string;
}

export interface OrderLineView {
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
  /** Set when the line is part of a combination (组合). */
  combination: string;
  raw_price: string;
  price: string;
  number: number;
  amount: string;
  manjian_amount: string;
  coupon_amount: string;
  pay_amount: string;
  is_hm: 0 | 1;
  lots: OrderLotView[];
  returned_number: number;
  /** Units that may still be returned (0 when the order allows no return). */
  returnable_number: number;
}

export interface OrderEventView {
  time: string;
  text: string;
}

/** One row of the order centre. */
export interface OrderListItemView {
  id: number;
  order_no: string;
  status: OrderStatus;
  status_text: string;
  created_at: string;
  payable: string;
  line_count: number;
  /** Up to 5 lines for the row (name, ypgg, image, number, price). */
  lines: Pick<OrderLineView, 'goods_id' | 'name' | 'ypgg' | 'sccj' | 'image' | 'number' | 'price'>[];
  payment_method: PaymentMethod | '';
  is_hm: 0 | 1;
  expires_at: string;
  actions: OrderActionsView;
}

export interface OrderActionsView {
  can_pay: 0 | 1;
  can_cancel: 0 | 1;
  can_receive: 0 | 1;
  can_return: 0 | 1;
  can_buy_again: 0 | 1;
}

export interface PaymentView {
  method: PaymentMethod | '';
  method_text: string;
  /** 'unpaid' | 'awaiting_transfer' (offline, waiting for the operator) | 'paid' | 'refunded'. */
  status: 'unpaid' | 'awaiting_transfer' | 'paid' | 'refunded';
  status_text: string;
  paid_amount: string;
  paid_at: string;
  /** Offline transfer: the reference to write on the transfer. */
  reference: string;
}

export interface InvoiceView {
  type: InvoiceType;
  type_text: string;
  title: string;
  tax_no: string;
  bank: string;
  account: string;
  address: string;
  phone: string;
}

export interface LogisticsView {
  carrier: string;
  tracking_no: string;
  /** Newest first. */
  timeline: OrderEventView[];
}

export interface ReturnSummaryView {
  id: number;
  return_no: string;
  kind: 'return' | 'after_sales';
  status_text: string;
  created_at: string;
}

/** `GET /api/order/{id}`. */
export interface OrderDetailView extends Omit<OrderListItemView, 'lines'> {
  member_company: string;
  address: Omit<AddressView, 'id' | 'is_default'>;
  lines: OrderLineView[];
  warehouses: { ck_id: number; name: string; line_ids: number[] }[];
  amounts: OrderAmountsView;
  payment: PaymentView;
  invoice: InvoiceView;
  remark: string;
  logistics: LogisticsView;
  /** Every event of the order, oldest first (下单, 支付, 发货, …). */
  events: OrderEventView[];
  paid_at: string;
  shipped_at: string;
  completed_at: string;
  cancelled_at: string;
  cancel_reason: string;
  points_awarded: number;
  hm: HmInfoView | null;
  returns: ReturnSummaryView[];
  /** The order's 满返 cashback and its status; absent or null when it earned none. */
  cashback?: OrderCashbackView | null;
}

export interface HmInfoView {
  purchaser_name: string;
  /** Masked: 330102********1234. */
  purchaser_id_no: string;
  purchaser_phone: string;
  receipt_status: 'none' | 'uploaded';
  receipt_uploaded_at: string;
  /** Member-only link to the uploaded receipt, '' when none. */
  receipt_url: string;
}
