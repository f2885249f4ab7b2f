import { describe, expect, it } from 'vitest';
import {
  nextOrderStatus,
  orderActionRefusal,
  ORDER_STATUS,
  ORDER_STATUS_TEXT,
  type OrderAction,
  type OrderStatus,
} from './status.js';

const { unpaid, undelivered, delivered, done, cancelled } = ORDER_STATUS;

/** Every status × every action: the status it leads to, or null when refused. */
const TABLE: [OrderStatus, OrderAction, OrderStatus | null][] = [
  [unpaid, 'pay', undelivered],
  [unpaid, 'confirm_payment', undelivered],
  [unpaid, 'cancel', cancelled],
  [unpaid, 'expire', cancelled],
  [unpaid, 'ship', null],
  [unpaid, 'receive', null],
  [unpaid, 'return', null],
  [undelivered, 'pay', null],
  [undelivered, 'confirm_payment', null],
  [undelivered, 'cancel', cancelled],
  [undelivered, 'expire', null],
  [undelivered, 'ship', delivered],
  [undelivered, 'receive', null],
  [undelivered, 'return', null],
  [delivered, 'pay', null],
  [delivered, 'confirm_payment', null],
  [delivered, 'cancel', null],
  [delivered, 'expire', null],
  [delivered, 'ship', null],
  [delivered, 'receive', done],
  [delivered, 'return', delivered],
  [done, 'pay', null],
  [done, 'confirm_payment', null],
  [done, 'cancel', null],
  [done, 'expire', null],
  [done, 'ship', null],
  [done, 'receive', null],
  [done, 'return', done],
  [cancelled, 'pay', null],
  [cancelled, 'confirm_payment', null],
  [cancelled, 'cancel', null],
  [cancelled, 'expire', null],
  [cancelled, 'ship', null],
  [cancelled, 'receive', null],
  [cancelled, 'return', null],
];

const WHAT: Record<OrderAction, string> = {
  pay: '支付',
  confirm_payment: '确认收款',
  cancel: '取消',
  expire: '超时关闭',
  ship: '发货',
  receive: '确认收货',
  return: '申请退货/售后',
};

describe('order lifecycle', () => {
  it('the table covers every status and action once', () => {
    const statuses = Object.values(ORDER_STATUS);
    const actions = Object.keys(WHAT);
    expect(TABLE).toHaveLength(statuses.length * actions.length);
    expect(new Set(TABLE.map(([s, a]) => `${s}:${a}`)).size).toBe(TABLE.length);
  });

  it.each(TABLE)('%i then %s → %s', (from, action, to) => {
    expect(nextOrderStatus(from, action)).toBe(to);
  });

  it.each(TABLE)('%i then %s: refusal when not allowed', (from, action, to) => {
    const refusal = orderActionRefusal(from, action);
    if (to !== null) expect(refusal).toBeNull();
    else expect(refusal).toBe(`订单${ORDER_STATUS_TEXT[from]}，不能${WHAT[action]}`);
  });

  it('cancelled and completed orders are final (only returns on completed)', () => {
    for (const action of Object.keys(WHAT) as OrderAction[]) {
      expect(nextOrderStatus(cancelled, action)).toBeNull();
      expect([null, done]).toContain(nextOrderStatus(done, action));
    }
  });

  it('shows the texts the storefront uses', () => {
    expect(ORDER_STATUS_TEXT).toEqual({ 0: '待付款', 1: '待发货', 2: '已发货', 3: '已完成', 4: '已取消' });
    expect(orderActionRefusal(delivered, 'cancel')).toBe('订单已发货，不能取消');
  });
});
