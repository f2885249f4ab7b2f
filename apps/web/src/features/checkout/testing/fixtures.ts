import type {
  CheckOrderLineView,
  CheckOrderView,
  CouponOptionView,
  OrderAmountsView,
  OrderDetailView,
  PayPageView,
} from '@kc/domain';

/** Check-order, pay and order replies as the server sends them (packages/domain/src/order/views.ts). */
const line = (id: number, name: string, extra: Partial<CheckOrderLineView> = {}): CheckOrderLineView => ({
  id,
  goods_id: id + 100,
  type: 0,
  name,
  ypgg: '0.25g*24粒',
  sccj: '华润三九医药股份有限公司',
  bzdw: '盒',
  image: '',
  ck_id: 1,
  price: '12.00',
  raw_price: '12.90',
  number: 20,
  amount: '240.00',
  goods_manjian_amount: '0.00',
  is_hm: 0,
  gift_data: null,
  ...extra,
});

export const coupon = (id: number, extra: Partial<CouponOptionView> = {}): CouponOptionView => ({
  id,
  name: '新客券',
  kind: 'manjian',
  kind_text: '满减券',
  threshold: '300.00',
  amount: '30.00',
  rate: 1000,
  scope_text: '全场通用',
  valid_from: '2024-01-01 00:00:00',
  valid_to: '2099-12-31 23:59:59',
  text: '满300减30',
  usable: 1,
  reason: '',
  discount: '30.00',
  ...extra,
});

export const amounts = (extra: Partial<OrderAmountsView> = {}): OrderAmountsView => ({
  list_amount: '516.00',
  tier_saving: '18.00',
  discount_saving: '28.68',
  goods_amount: '469.32',
  manjian_amount: '20.00',
  coupon_amount: '30.00',
  voucher_amount: '0.00',
  shipping_amount: '10.00',
  payable: '429.32',
  no_trans_order_amount: '800.00',
  short_amount: '370.68',
  ...extra,
});

export function checkOrder(extra: Partial<CheckOrderView> = {}): CheckOrderView {
  return {
    ids: [11, 12],
    warehouses: [
      {
        ck_id: 1,
        name: '杭州仓',
        lines: [
          line(11, '阿莫西林胶囊', {
            reductions: [
              { kind: 'ladder', label: '阶梯价（满20盒）', amount: '18.00' },
              { kind: 'coupon', label: '优惠券分摊', amount: '13.95' },
            ],
          }),
        ],
        amount: '240.00',
      },
      {
        ck_id: 2,
        name: '广州仓',
        lines: [
          line(12, '复方感冒灵片', { ck_id: 2, is_hm: 1, price: '11.50', amount: '276.00', number: 24 }),
        ],
        amount: '276.00',
      },
    ],
    line_count: 2,
    addresses: [
      {
        id: 1,
        consignee: '张三',
        phone: '13800000001',
        region: '浙江省杭州市西湖区',
        address: '文三路1号',
        is_default: 1,
      },
      {
        id: 2,
        consignee: '李四',
        phone: '13800000002',
        region: '浙江省杭州市滨江区',
        address: '江南大道2号',
        is_default: 0,
      },
    ],
    address_id: 1,
    coupons: [
      coupon(501),
      coupon(502, {
        name: '周末券',
        text: '满200减10',
        threshold: '200.00',
        amount: '10.00',
        discount: '10.00',
      }),
      coupon(503, {
        name: '大额券',
        text: '满2000减200',
        usable: 0,
        reason: '还差¥1530.68可用',
        discount: '0.00',
      }),
    ],
    coupon_id: 501,
    vouchers: [
      coupon(601, { kind: 'cash', name: '现金券', text: '现金券5元', discount: '5.00', threshold: '0.00' }),
    ],
    voucher_id: 0,
    invoice_types: [
      { value: 0, label: '不开发票' },
      { value: 1, label: '普通发票' },
      { value: 2, label: '增值税专用发票' },
    ],
    invoice_defaults: {
      title: '杭州康城大药房有限公司',
      tax_no: '91330100MA2AXXXX1X',
      bank: '',
      account: '',
      address: '',
      phone: '',
    },
    amounts: amounts(),
    has_hm: 1,
    activity: { manjian: '满300减20', discount: '全场94折' },
    ...extra,
  };
}

export function payPage(extra: Partial<PayPageView> = {}): PayPageView {
  return {
    order_id: 88,
    order_no: 'KC202405010001',
    status: 0,
    status_text: '待付款',
    payable: '429.32',
    balance: '1000.00',
    expires_at: '2099-01-01 00:00:00',
    is_hm: 0,
    hm_identity_required: 0,
    methods: [
      { method: 'balance', label: '余额支付', enabled: 1, reason: '' },
      { method: 'offline', label: '对公转账', enabled: 1, reason: '' },
      { method: 'online', label: '在线支付', enabled: 1, reason: '' },
    ],
    bank: { name: '杭州康城医药有限公司', bank: '中国工商银行杭州分行', account: '1202 0000 1234 5678' },
    payment: {
      method: '',
      method_text: '',
      status: 'unpaid',
      status_text: '未支付',
      paid_amount: '0.00',
      paid_at: '',
      reference: '',
    },
    ...extra,
  };
}

/** The order as GET /api/order/{id} sends it; only the fields the done page reads matter. */
export function orderDetail(extra: Partial<OrderDetailView> = {}): OrderDetailView {
  const base = {
    id: 88,
    order_no: 'KC202405010001',
    status: 1,
    status_text: '待发货',
    created_at: '2024-05-01 10:00:00',
    payable: '429.32',
    line_count: 2,
    payment_method: 'balance',
    is_hm: 0,
    expires_at: '2024-05-01 10:30:00',
    payment: { ...payPage().payment, method: 'balance', status: 'paid', status_text: '已支付' },
    cancel_reason: '',
  };
  return { ...base, ...extra } as unknown as OrderDetailView;
}
