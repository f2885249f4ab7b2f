import type {
  HmOrderView,
  OrderActionsView,
  OrderDetailView,
  OrderLineView,
  OrderListItemView,
  OrderStatus,
  Paginated,
} from '@kc/domain';
import { ORDER_STATUS_TEXT } from '@kc/domain';

/** Order replies as the server sends them, for the order pages' tests. */
export const NO_ACTIONS: OrderActionsView = {
  can_pay: 0,
  can_cancel: 0,
  can_receive: 0,
  can_return: 0,
  can_buy_again: 0,
};

export const paged = <T>(list: T[], total = list.length, page = 1): Paginated<T> => ({
  list,
  total,
  page,
  page_size: 10,
  total_page: Math.ceil(total / 10),
});

export function listItem(
  id: number,
  status: OrderStatus,
  over: Partial<OrderListItemView> = {},
): OrderListItemView {
  return {
    id,
    order_no: `KC2024050100${id}`,
    status,
    status_text: ORDER_STATUS_TEXT[status],
    created_at: '2024-05-01 10:20:00',
    payable: '120.50',
    line_count: 1,
    lines: [
      {
        goods_id: 100 + id,
        name: '阿莫西林胶囊',
        ypgg: '0.25g*24粒',
        sccj: '华北制药',
        image: '',
        number: 10,
        price: '12.05',
      },
    ],
    payment_method: '',
    is_hm: 0,
    expires_at: '2024-05-01 10:50:00',
    actions: { ...NO_ACTIONS },
    ...over,
  };
}

export function orderLine(id: number, over: Partial<OrderLineView> = {}): OrderLineView {
  return {
    id,
    goods_id: 200 + id,
    name: '阿莫西林胶囊',
    ypgg: '0.25g*24粒',
    sccj: '华北制药',
    bzdw: '盒',
    approval_no: '国药准字H13023964',
    image: '',
    ck_id: 1,
    warehouse: '杭州仓',
    combination: '',
    raw_price: '13.00',
    price: '12.00',
    number: 10,
    amount: '120.00',
    manjian_amount: '0.00',
    coupon_amount: '0.00',
    pay_amount: '120.00',
    is_hm: 0,
    lots: [{ batch_no: 'B240101', produced_on: '2024-01-01', expires_on: '2026-12-31', number: 10 }],
    returned_number: 0,
    returnable_number: 0,
    ...over,
  };
}

export function detail(
  id: number,
  status: OrderStatus,
  over: Partial<OrderDetailView> = {},
): OrderDetailView {
  const { lines: _lines, ...base } = listItem(id, status);
  return {
    ...base,
    member_company: '杭州康宁大药房有限公司',
    address: { consignee: '张三', phone: '13800000001', region: '浙江省杭州市西湖区', address: '文三路1号' },
    lines: [orderLine(1)],
    warehouses: [{ ck_id: 1, name: '杭州仓', line_ids: [1] }],
    amounts: {
      list_amount: '130.00',
      tier_saving: '5.00',
      discount_saving: '5.00',
      goods_amount: '120.00',
      manjian_amount: '0.00',
      coupon_amount: '0.00',
      voucher_amount: '0.00',
      shipping_amount: '0.50',
      payable: '120.50',
      no_trans_order_amount: '200.00',
      short_amount: '0.00',
    },
    payment: {
      method: '',
      method_text: '',
      status: 'unpaid',
      status_text: '未支付',
      paid_amount: '0.00',
      paid_at: '',
      reference: '',
    },
    invoice: {
      type: 0,
      type_text: '不开发票',
      title: '',
      tax_no: '',
      bank: '',
      account: '',
      address: '',
      phone: '',
    },
    remark: '',
    logistics: { carrier: '', tracking_no: '', timeline: [] },
    events: [{ time: '2024-05-01 10:20:00', text: '提交订单' }],
    paid_at: '',
    shipped_at: '',
    completed_at: '',
    cancelled_at: '',
    cancel_reason: '',
    points_awarded: 0,
    hm: null,
    returns: [],
    ...over,
  };
}

export function hmOrder(id: number, over: Partial<HmOrderView> = {}): HmOrderView {
  return {
    id,
    order_no: `KC2024050200${id}`,
    status: 2,
    status_text: '已发货',
    created_at: '2024-05-02 09:00:00',
    shipped_at: '2024-05-03 15:00:00',
    payable: '58.00',
    lines: [
      {
        name: '复方盐酸伪麻黄碱缓释胶囊',
        ypgg: '10粒',
        sccj: '中美天津史克',
        number: 2,
        lots: [{ batch_no: 'HM2401', produced_on: '2024-01-05', expires_on: '2026-01-04', number: 2 }],
      },
    ],
    hm: {
      purchaser_name: '李四',
      purchaser_id_no: '330102********1234',
      purchaser_phone: '13900000002',
      receipt_status: 'none',
      receipt_uploaded_at: '',
      receipt_url: '',
    },
    receipt_due: 1,
    ...over,
  };
}
