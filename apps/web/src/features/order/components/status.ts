import type { OrderStatus, ReturnDetailView } from '@kc/domain';

/** Tag colours of the order statuses (0 待付款 … 4 已取消). */
export const STATUS_COLOR: Readonly<Record<OrderStatus, string>> = {
  0: 'orange',
  1: 'blue',
  2: 'cyan',
  3: 'green',
  4: 'default',
};

/** Tag colours of the return statuses. */
export const RETURN_STATUS_COLOR: Readonly<Record<ReturnDetailView['status'], string>> = {
  pending: 'orange',
  approved: 'blue',
  received: 'cyan',
  refunded: 'green',
  rejected: 'red',
};

/** The order-centre tabs: the URL's `status` (absent = all) and the count each shows. */
export const ORDER_TABS = [
  { key: 'all', label: '全部', count: 'all' },
  { key: '0', label: '待付款', count: 'unpaid' },
  { key: '1', label: '待发货', count: 'undelivered' },
  { key: '2', label: '已发货', count: 'delivered' },
  { key: '3', label: '已完成', count: 'done' },
  { key: '4', label: '已取消', count: 'cancelled' },
] as const;
