import {
  describeTiers,
  fenToYuan,
  yuanToFen,
  type CartGoodsView,
  type CartLineView,
  type CartStateView,
} from '@kc/domain';

const goods = (id: number, name: string, extra: Partial<CartGoodsView> = {}): CartGoodsView => ({
  id,
  name,
  sccj: '华润三九医药股份有限公司',
  ypgg: '0.25g*24粒',
  goods_image: [],
  ck_id: 1,
  ck_name: '杭州仓',
  bzdw: '盒',
  zbz: 10,
  jzl: 200,
  number: 500,
  is_buy: 1,
  qg_number: 0,
  ladder_price: [],
  ladder_price_type: 0,
  is_free_shipping: 0,
  free_shipping_number: 0,
  is_dpby: 0,
  type: 0,
  tags: [],
  ...extra,
});

/** A line as the server would price it at `number` (ladder only; no discount). */
export function line(
  id: number,
  g: CartGoodsView,
  number: number,
  extra: Partial<CartLineView> = {},
): CartLineView {
  const list = extra.raw_price ?? '12.90';
  const tiers = (g.ladder_price ?? []).map((t) => ({ number: t.number, price: yuanToFen(t.price) }));
  let unit = yuanToFen(list);
  for (const t of tiers) if (number >= t.number && t.price < unit) unit = t.price;
  const amount = fenToYuan(unit * number);
  return {
    id,
    type: 0,
    combination: 0,
    goods: g,
    price: fenToYuan(unit),
    number,
    is_selected: 1,
    with_coupon: 1,
    amount,
    goods_manjian_amount: '0.00',
    raw_price: list,
    raw_price_manjian: amount,
    gift_data: { total: 0, type: 0, name: '' },
    ladder: describeTiers(g.ladder_price_type ?? 0, tiers, number, unit, g.bzdw),
    tags: [],
    unavailable: null,
    block: null,
    quantity_problem: null,
    price_changed: null,
    ...extra,
  };
}

export const LADDER_GOODS = goods(279, '阿莫西林胶囊', {
  ladder_price: [
    { number: 50, price: '12.51' },
    { number: 200, price: '12.12' },
  ],
  ladder_price_type: 1,
});
export const PLAIN_GOODS = goods(280, '布洛芬缓释胶囊', { zbz: 5 });
export const SOLD_OUT_GOODS = goods(281, '维生素C片', { number: 0 });

/** A cart state around `lines`; totals are given as the server would send them. */
export function cartState(
  lines: CartLineView[],
  totals: Partial<CartStateView['total']> = {},
): CartStateView {
  return {
    action: 0,
    data: lines,
    shipping_data: { shipping_amount: '15.00', no_trans_order_amount: '800.00', short_amount: '300.00' },
    activity_data: {
      manjians: {
        id: 1,
        name: '满减大促',
        eligible_amount: '500.00',
        manjians: [
          { amount: '300.00', reduce: '20.00', status: 1, text: '满300.00减20.00' },
          { amount: '1000.00', reduce: '80.00', status: 0, text: '满1000.00减80.00' },
        ],
      },
      discount: null,
    },
    filter_data: {
      filters: 99999,
      ck_id: null,
      warehouses: [{ ck_id: 1, name: '杭州仓', count: lines.length }],
    },
    total: {
      count: lines.length,
      selected_count: lines.filter((l) => l.is_selected === 1).length,
      goods_amount: '500.00',
      manjian_amount: '20.00',
      payable_amount: '480.00',
      shipping_amount: '15.00',
      order_amount: '495.00',
      ...totals,
    },
    price_changed: [],
  };
}

/** The usual cart: a ladder line at 40 boxes, a plain line, a sold-out line (forced unselected). */
export function standardCart(): CartStateView {
  return cartState([
    line(11, LADDER_GOODS, 40),
    line(12, PLAIN_GOODS, 5, { raw_price: '8.00' }),
    line(13, SOLD_OUT_GOODS, 10, {
      is_selected: 0,
      unavailable: { reason: 'no_stock', message: '商品暂时缺货' },
    }),
  ]);
}
