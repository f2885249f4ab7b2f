import {
  fenToYuan,
  INVOICE_TYPES,
  type CheckOrderLineView,
  type CheckOrderView,
  type InvoiceType,
  type OrderAmounts,
  type OrderAmountsView,
  type OrderPreviewInput,
  type PricedCart,
  cashbackEligible,
  lineReductions,
  manfanProgress,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { listAddresses } from '../../modules/account/addresses.js';
import { invoiceDefaults } from '../../modules/account/invoice.js';
import { assertContractSigned } from '../../modules/compliance/service.js';
import { COMBINATION_KIND, loadCart, type LoadedCart } from '../../modules/cart/load.js';
import { couponOptionView, heldCoupons } from '../../modules/promotion/service.js';
import { lineExpiry } from '../../modules/cart/view.js';
import { paidLines } from './plan.js';
import { assertOrderable, chosenLineIds, priceSelection, type PricedSelection } from './selection.js';

const yuan = fenToYuan;

/** The breakdown as the API shows it. */
export function amountsView(a: OrderAmounts, priced?: PricedCart): OrderAmountsView {
  return {
    list_amount: yuan(a.listAmount),
    tier_saving: yuan(a.tierSaving),
    discount_saving: yuan(a.discountSaving),
    goods_amount: yuan(a.goodsAmount),
    manjian_amount: yuan(a.manjianAmount),
    coupon_amount: yuan(a.couponAmount),
    voucher_amount: yuan(a.voucherAmount),
    shipping_amount: yuan(a.shippingAmount),
    payable: yuan(a.payable),
    no_trans_order_amount: yuan(priced?.shipping.noTransOrderAmount ?? 0),
    short_amount: yuan(priced?.shipping.shortAmount ?? 0),
  };
}

/** The chosen lines grouped by warehouse, in cart order. */
function warehouseGroups(cart: LoadedCart, sel: PricedSelection) {
  const groups = new Map<number, { ck_id: number; name: string; lines: CheckOrderLineView[]; fen: number }>();
  // The coupon and voucher shares come in the order of the selected lines (as paidLines reads them).
  let k = 0;
  cart.lines.forEach((l, i) => {
    const p = sel.priced.lines[i];
    if (!p?.selected) return;
    const share = sel.amounts.lines[k++];
    const combo = l.row.kind === COMBINATION_KIND;
    const ckId = l.goods?.ckId ?? 0;
    const g = groups.get(ckId) ?? {
      ck_id: ckId,
      name: l.warehouse ?? (combo ? '组合商品' : ''),
      lines: [],
      fen: 0,
    };
    g.fen += p.amount;
    g.lines.push({
      id: l.row.id,
      goods_id: l.row.itemId,
      type: combo ? 3 : (l.goods?.type ?? 0),
      name: l.goods?.name ?? l.combination?.name ?? '',
      ypgg: l.goods?.ypgg ?? `${l.combination?.items.length ?? 0}种商品组合`,
      sccj: l.goods?.sccj ?? '',
      bzdw: l.goods?.bzdw ?? '套',
      image: l.goods?.images[0] ?? '',
      ck_id: ckId,
      price: yuan(p.unitPrice),
      raw_price: yuan(p.rawPrice),
      number: p.quantity,
      amount: yuan(p.amount),
      goods_manjian_amount: yuan(p.manjianAmount),
      is_hm: l.goods?.isHm ? 1 : 0,
      gift_data: p.gift.total > 0 ? { total: p.gift.total, type: String(p.gift.type) } : null,
      lot_expiry: lineExpiry(l, p.quantity, cart.shelf),
      reductions: lineReductions(p, {
        discount: cart.running.discount,
        unit: l.goods?.bzdw ?? '套',
        couponAmount: share?.couponAmount ?? 0,
        voucherAmount: share?.voucherAmount ?? 0,
      }),
    });
    groups.set(ckId, g);
  });
  return [...groups.values()].map(({ fen, ...g }) => ({ ...g, amount: yuan(fen) }));
}

/**
 * `POST /api/order/preview`: what /cart/step2 shows for the chosen lines: addresses, the
 * lines by warehouse, coupons and vouchers priced against them (the best applied unless the
 * buyer chose), invoice choices and the breakdown. Refuses what placing would refuse.
 */
export async function checkOrder(
  db: Queryable,
  memberId: number,
  input: OrderPreviewInput,
  now: Date,
): Promise<CheckOrderView> {
  const cart = await loadCart(db, memberId, now);
  const chosen = chosenLineIds(cart, input.ids);
  const [coupons, vouchers, addresses, invoice] = await Promise.all([
    heldCoupons(db, memberId, now, 'coupon'),
    heldCoupons(db, memberId, now, 'voucher'),
    listAddresses(db, memberId),
    invoiceDefaults(db, memberId),
  ]);
  const sel = await priceSelection(
    db,
    cart,
    chosen,
    { coupons, vouchers },
    { coupon: input.coupon_id, voucher: input.voucher_id },
    now,
  );
  assertOrderable(cart, sel.priced, chosen);
  await assertContractSigned(db, memberId);
  const addressId =
    input.address_id && addresses.some((a) => a.id === input.address_id)
      ? input.address_id
      : (addresses[0]?.id ?? 0);
  const byDiscount = <T extends { quote: { usable: boolean; discount: number } }>(a: T, b: T) =>
    Number(b.quote.usable) - Number(a.quote.usable) || b.quote.discount - a.quote.discount;
  const fs = cart.running.fullSpend;
  const discount = cart.running.discount;
  const cb = cart.running.cashback;
  return {
    ids: sel.chosenIds,
    warehouses: warehouseGroups(cart, sel),
    line_count: sel.chosenIds.length,
    addresses,
    address_id: addressId,
    coupons: [...sel.coupon.options].sort(byDiscount).map((o) => couponOptionView(o.coupon, o.quote)),
    coupon_id: sel.coupon.chosen?.coupon.id ?? 0,
    vouchers: [...sel.voucher.options].sort(byDiscount).map((o) => couponOptionView(o.coupon, o.quote)),
    voucher_id: sel.voucher.chosen?.coupon.id ?? 0,
    invoice_types: (Object.keys(INVOICE_TYPES) as unknown as InvoiceType[]).map((k) => ({
      value: Number(k) as InvoiceType,
      label: INVOICE_TYPES[k],
    })),
    invoice_defaults: invoice,
    amounts: amountsView(sel.amounts, sel.priced),
    has_hm: cart.lines.some((l, i) => sel.priced.lines[i]?.selected && l.goods?.isHm) ? 1 : 0,
    activity: {
      manjian: fs ? fs.name : null,
      discount: discount ? `全场${discount.ratePerMille / 10}折` : null,
      // What the order placed as chosen earns back on completion (after coupons and vouchers).
      manfan: cb ? manfanProgress(cb, cashbackEligible(cb.goodsIds, paidLines(cart, sel))) : null,
    },
  };
}
