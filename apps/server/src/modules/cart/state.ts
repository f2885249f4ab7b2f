import { fenToYuan, LIMITS, priceCart, type CartStateView, type PricedCart } from '@kc/domain';
import type { LoadedCart } from './load.js';
import { lineView, manfanView, priceChanges, totalsView } from './view.js';

/** Pricing of a loaded cart at `now`, with an optional selection replacing the stored one. */
export function priceLoaded(cart: LoadedCart, now: Date, selection?: ReadonlySet<number>): PricedCart {
  const inputs = selection ? cart.inputs.map((i) => ({ ...i, selected: selection.has(i.id) })) : cart.inputs;
  return priceCart(inputs, {
    now: now.getTime(),
    fullSpend: cart.running.fullSpend,
    discount: cart.running.discount,
  });
}

export interface StateOptions {
  /** 1 tells the client to reload the cart (and the drawer). */
  action?: 0 | 1;
  /** Caps the lines returned (SPEC §9 default 99999). */
  filters?: number;
  /** Keeps only one warehouse's lines in `data` (totals stay over the whole cart). */
  ckId?: number;
}

/** The SPEC §3 cart state: action, data (lines), shipping_data, activity_data, filter_data. */
export function cartState(cart: LoadedCart, priced: PricedCart, opts: StateOptions = {}): CartStateView {
  const filters = opts.filters ?? LIMITS.cartFilterDefault;
  const warehouses = new Map<number, { ck_id: number; name: string; count: number }>();
  const data: CartStateView['data'] = [];
  for (const [i, l] of cart.lines.entries()) {
    const p = priced.lines[i];
    if (!p) continue;
    const ckId = l.goods?.ckId ?? 0;
    const w = warehouses.get(ckId) ?? {
      ck_id: ckId,
      name: l.warehouse ?? (ckId ? '' : '组合商品'),
      count: 0,
    };
    w.count += 1;
    warehouses.set(ckId, w);
    if (opts.ckId !== undefined && ckId !== opts.ckId) continue;
    if (data.length < filters) data.push(lineView(l, p, cart.shelf, cart.running.discount));
  }
  const fs = cart.running.fullSpend;
  const discount = cart.running.discount;
  return {
    action: opts.action ?? 0,
    data,
    shipping_data: {
      shipping_amount: fenToYuan(priced.shipping.shippingAmount),
      no_trans_order_amount: fenToYuan(priced.shipping.noTransOrderAmount),
      short_amount: fenToYuan(priced.shipping.shortAmount),
    },
    activity_data: {
      manjians: fs
        ? {
            id: fs.id,
            name: fs.name,
            eligible_amount: fenToYuan(priced.fullSpendEligible),
            manjians: priced.fullSpendTiers,
          }
        : null,
      discount: discount
        ? { rate_per_mille: discount.ratePerMille, name: `全场${discount.ratePerMille / 10}折` }
        : null,
      manfan: manfanView(cart, priced),
    },
    filter_data: { filters, ck_id: opts.ckId ?? null, warehouses: [...warehouses.values()] },
    total: totalsView(priced, cart.lines.length),
    price_changed: priceChanges(cart, priced),
  };
}
