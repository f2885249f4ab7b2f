/**
 * Reply shapes of the pay, return, 含麻, points and wallet calls (docs/api/order.md, wallet.md).
 * Amounts are yuan strings with two decimals; times are 'YYYY-MM-DD HH:mm:ss' in China time.
 */
import type { AddressView } from '../account.js';
import type { OrderStatus, PaymentMethod } from './status.js';
import type { HmInfoView, OrderEventView, OrderLineView, OrderLotView, PaymentView } from './views.js';

/** `GET /api/order/{id}/pay`: the pay page. */
export interface PayPageView {
  order_id: number;
  order_no: string;
  status: OrderStatus;
  status_text: string;
  payable: string;
  balance: string;
  expires_at: string;
  is_hm: 0 | 1;
  /** 含麻 orders: the purchaser's identity must be given before paying. */
  hm_identity_required: 0 | 1;
  methods: { method: PaymentMethod; label: string; enabled: 0 | 1; reason: string }[];
  bank: BankAccountView;
  payment: PaymentView;
}

export interface BankAccountView {
  name: string;
  bank: string;
  account: string;
}

/** `POST /api/order/{id}/pay`. */
export interface PayResultView {
  order_id: number;
  /** paid: done (balance); awaiting_transfer: offline; pending: go to pay_url (online). */
  status: 'paid' | 'awaiting_transfer' | 'pending';
  payment_no: string;
  pay_url: string;
  bank: BankAccountView | null;
  reference: string;
}

/** `GET /api/payment/{payment_no}`. */
export interface PaymentStatusView {
  payment_no: string;
  order_id: number;
  status: 'pending' | 'paid' | 'closed';
}

/** `GET /api/order/counts`. */
export interface OrderCountsView {
  all: number;
  unpaid: number;
  undelivered: number;
  delivered: number;
  done: number;
  cancelled: number;
  after_sale: number;
}

export interface ReturnLineView {
  order_line_id: number;
  goods_id: number;
  name: string;
  ypgg: string;
  sccj: string;
  image: string;
  price: string;
  number: number;
  refund_amount: string;
  lots: OrderLotView[];
}

/** `GET /api/order/return/{id}`. */
export interface ReturnDetailView {
  id: number;
  return_no: string;
  kind: 'return' | 'after_sales';
  kind_text: string;
  /** 'pending' 待审核, 'approved' 已同意, 'received' 已收货, 'refunded' 已退款, 'rejected' 已拒绝. */
  status: 'pending' | 'approved' | 'received' | 'refunded' | 'rejected';
  status_text: string;
  order_id: number;
  order_no: string;
  reason: string;
  description: string;
  photos: string[];
  refund_amount: string;
  admin_remark: string;
  created_at: string;
  lines: ReturnLineView[];
  /** Oldest first. */
  timeline: OrderEventView[];
  /** Where to send returned goods once approved. */
  return_address: string;
}

/** `POST /api/order/{id}/buy_again`. */
export interface BuyAgainView {
  added: number;
  skipped: { goods_id: number; name: string; reason: string }[];
}

/** `GET /api/order/{id}/delivery_note`: 随货同行单, one sheet per warehouse. */
export interface DeliveryNoteView {
  order_no: string;
  company: string;
  seller: string;
  address: Omit<AddressView, 'id' | 'is_default'>;
  created_at: string;
  shipped_at: string;
  carrier: string;
  tracking_no: string;
  sheets: {
    ck_id: number;
    warehouse: string;
    rows: {
      name: string;
      ypgg: string;
      sccj: string;
      bzdw: string;
      approval_no: string;
      batch_no: string;
      produced_on: string;
      expires_on: string;
      number: number;
      price: string;
      amount: string;
    }[];
    amount: string;
  }[];
  amount: string;
}

/** `GET /api/order/hm`: 含麻 orders with their receipt state. */
export interface HmOrderView {
  id: number;
  order_no: string;
  status: OrderStatus;
  status_text: string;
  created_at: string;
  shipped_at: string;
  payable: string;
  /** The 含麻 lines only. */
  lines: Pick<OrderLineView, 'name' | 'ypgg' | 'sccj' | 'number' | 'lots'>[];
  hm: HmInfoView;
  /** 1 when the goods have shipped and the arrival receipt is still missing. */
  receipt_due: 0 | 1;
}

/** `GET /api/order/points`: points orders (积分订单). */
export interface PointsOrderView {
  id: number;
  order_no: string;
  status: OrderStatus;
  status_text: string;
  created_at: string;
  points: number;
  lines: { name: string; number: number; image: string }[];
}

/** Wallet: `GET /api/user/user_money`. */
export interface UserMoneyView {
  balance: string;
}

/** Money-log use types (use_type). */
export const MONEY_USE_TYPES = {
  1: '充值',
  2: '订单支付',
  3: '取消订单退款',
  4: '售后退款',
  5: '余额调整',
  6: '满返返现',
  7: '满返扣回',
  8: '抽奖奖励',
} as const;
export type MoneyUseType = keyof typeof MONEY_USE_TYPES;

/** `GET /api/user/user_money_log` rows. */
export interface MoneyLogView {
  id: number;
  /** Signed: "-120.00" for a payment, "120.00" for a refund. */
  amount: string;
  /** The balance after the entry. */
  balance: string;
  use_type: MoneyUseType;
  use_type_text: string;
  order_no: string;
  remark: string;
  created_at: string;
}
