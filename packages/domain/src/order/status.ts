/**
 * The order lifecycle (issue 6): 待付款 → 待发货 → 已发货 → 已完成, and 已取消.
 * Numbers are what the API sends as `status`; the texts are what the storefront shows.
 */
export const ORDER_STATUS = {
  unpaid: 0,
  undelivered: 1,
  delivered: 2,
  done: 3,
  cancelled: 4,
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatus = (typeof ORDER_STATUS)[OrderStatusName];

export const ORDER_STATUS_TEXT: Readonly<Record<OrderStatus, string>> = {
  0: '待付款',
  1: '待发货',
  2: '已发货',
  3: '已完成',
  4: '已取消',
};

/** What can happen to an order. */
export type OrderAction = 'pay' | 'confirm_payment' | 'cancel' | 'expire' | 'ship' | 'receive' | 'return';

/** The status each action leads to, from the statuses it is allowed in. */
const TRANSITIONS: Readonly<Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus | null }>> = {
  pay: { from: [0], to: 1 },
  confirm_payment: { from: [0], to: 1 },
  // The buyer may cancel until the goods leave the warehouse; a paid order is refunded.
  cancel: { from: [0, 1], to: 4 },
  expire: { from: [0], to: 4 },
  ship: { from: [1], to: 2 },
  receive: { from: [2], to: 3 },
  // Returns and after-sales do not change the order's own status.
  return: { from: [2, 3], to: null },
};

/**
 * The status after `action`, or null when the action is not allowed in `from`. `return`
 * keeps the status (it answers `from` when allowed).
 */
export function nextOrderStatus(from: OrderStatus, action: OrderAction): OrderStatus | null {
  const t = TRANSITIONS[action];
  if (!t.from.includes(from)) return null;
  return t.to ?? from;
}

/** Why an action is refused in a status, in the buyer's words. */
export function orderActionRefusal(from: OrderStatus, action: OrderAction): string | null {
  if (nextOrderStatus(from, action) !== null) return null;
  const now = ORDER_STATUS_TEXT[from];
  const what: Record<OrderAction, string> = {
    pay: '支付',
    confirm_payment: '确认收款',
    cancel: '取消',
    expire: '超时关闭',
    ship: '发货',
    receive: '确认收货',
    return: '申请退货/售后',
  };
  return `订单${now}，不能${what[action]}`;
}

/** Payment methods: wallet balance, offline bank transfer (对公转账), online gateway. */
export const PAYMENT_METHODS = { balance: '余额支付', offline: '对公转账', online: '在线支付' } as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

/** Invoice types: 0 none, 1 普通发票, 2 增值税专用发票. */
export const INVOICE_TYPES = { 0: '不开发票', 1: '普通发票', 2: '增值税专用发票' } as const;
export type InvoiceType = keyof typeof INVOICE_TYPES;

/** Order timing rules. */
export const ORDER_RULES = {
  /** Unpaid orders cancel themselves after 30 minutes… */
  unpaidTimeoutMs: 30 * 60_000,
  /** …or 72 hours once the buyer chose bank transfer (the money takes a day to arrive). */
  offlineTimeoutMs: 72 * 3600_000,
  /** Shipped orders complete themselves 10 days after shipment if the buyer did not confirm. */
  autoReceiveMs: 10 * 24 * 3600_000,
  /** Returns may be requested until 30 days after completion. */
  returnWindowMs: 30 * 24 * 3600_000,
} as const;
