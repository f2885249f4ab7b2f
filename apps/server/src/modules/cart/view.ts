import {
  fenToYuan,
  prorate,
  type CartGoodsView,
  type ManfanProgressView,
  type CartLineView,
  type CartPriceChangeView,
  type CartTotalsView,
  type PricedCart,
  type PricedLine,
  inFullSpendScope,
  manfanProgress,
  lotExpiryOf,
  lineReductions,
  type LotExpiryView,
  type StoreDiscount,
} from '@kc/domain';
import type { LoadedCart, LoadedLine, ShelfContext } from './load.js';
import { COMBINATION_KIND } from './load.js';

const yuan = fenToYuan;

/** The goods part of a line (SPEC §3 cart line `goods`); a combination is the goods of type 3. */
function goodsView(l: LoadedLine): CartGoodsView {
  const c = l.combination;
  if (l.row.kind === COMBINATION_KIND) {
    return {
      id: l.row.itemId,
      name: c?.name ?? '组合已失效',
      sccj: '',
      ypgg: `${c?.items.length ?? 0}种商品组合`,
      goods_image: [],
      ck_id: 0,
      bzdw: '套',
      zbz: 1,
      items: (c?.items ?? []).map((it) => ({
        goods_id: it.goodsId,
        number: it.number,
        price: yuan(it.price),
      })),
    };
  }
  const g = l.goods;
  if (!g)
    return {
      id: l.row.itemId,
      name: '商品已下架',
      sccj: '',
      ypgg: '',
      goods_image: [],
      ck_id: 0,
      bzdw: '盒',
      zbz: 1,
    };
  return {
    id: g.id,
    name: g.name,
    sccj: g.sccj,
    ypgg: g.ypgg,
    goods_image: g.images.map((list) => ({ list })),
    ck_id: g.ckId,
    ck_name: l.warehouse ?? '',
    bzdw: g.bzdw,
    zbz: g.zbz,
    jzl: g.jzl,
    round_to_case: g.roundToCase ? 1 : 0,
    number: g.stock,
    is_buy: g.isBuy && g.onShelf ? 1 : 0,
    qg_number: g.qgNumber,
    ladder_price: g.ladderPrice.map((t) => ({ number: t.number, price: yuan(t.price) })),
    ladder_price_type: g.ladderPriceType,
    is_free_shipping: g.isFreeShipping ? 1 : 0,
    free_shipping_number: g.freeShippingNumber,
    is_dpby: g.isDpby ? 1 : 0,
    type: g.type,
    tags: g.tags.filter((t) => t.is_show),
  };
}

/** One cart line as the client reads it (SPEC §3 cart line, plus the engine's explanations). */
export function lineView(
  l: LoadedLine,
  p: PricedLine,
  shelf?: ShelfContext,
  discount?: StoreDiscount | null,
): CartLineView {
  const combination = l.row.kind === COMBINATION_KIND;
  return {
    id: l.row.id,
    type: combination ? 3 : (l.goods?.type ?? 0),
    combination: combination ? 1 : 0,
    goods: goodsView(l),
    price: yuan(p.unitPrice),
    number: p.quantity,
    is_selected: p.selected ? 1 : 0,
    /** Coupons may apply (not to flash-sale or combination lines). */
    with_coupon: combination || p.flashSale ? 0 : 1,
    amount: yuan(p.amount - p.manjianAmount),
    goods_manjian_amount: yuan(p.manjianAmount),
    raw_price: yuan(p.rawPrice),
    raw_price_manjian: yuan(p.amount),
    gift_data: p.gift,
    ladder: p.tiers,
    tags: p.tags,
    unavailable: p.eligibility.selectable
      ? null
      : { reason: p.eligibility.reason, message: p.eligibility.message },
    block: l.block,
    quantity_problem: p.quantityProblem,
    price_changed: p.priceChanged ? { old: yuan(p.priceChanged.old), new: yuan(p.priceChanged.new) } : null,
    lot_expiry: shelf ? lineExpiry(l, p.quantity, shelf) : null,
    reductions: lineReductions(p, { discount, unit: l.goods?.bzdw ?? '套' }),
  };
}

/** The expiry of the lots a goods line would draw (FEFO above the buyer's floor); none for a combination. */
export function lineExpiry(l: LoadedLine, quantity: number, shelf: ShelfContext): LotExpiryView | null {
  if (l.row.kind === COMBINATION_KIND || !l.goods) return null;
  return lotExpiryOf(l.goods.lots ?? [], quantity, shelf.months, shelf.today, l.goods.bzdw);
}

/** The totals of a priced cart, in yuan. */
export function totalsView(priced: PricedCart, lineCount: number): CartTotalsView {
  return {
    count: lineCount,
    selected_count: priced.selectedCount,
    goods_amount: yuan(priced.goodsAmount),
    manjian_amount: yuan(priced.fullSpendReduction),
    payable_amount: yuan(priced.payable),
    shipping_amount: yuan(priced.shipping.shippingAmount),
    order_amount: yuan(priced.total),
  };
}

/** Price changes of a priced cart: goods whose list price moved since the buyer saw it. */
export function priceChanges(cart: LoadedCart, priced: PricedCart): CartPriceChangeView[] {
  return priced.lines.flatMap((p, i) => {
    const l = cart.lines[i];
    if (!p.priceChanged || !l) return [];
    return [
      { id: l.row.id, goods_id: l.row.itemId, old: yuan(p.priceChanged.old), new: yuan(p.priceChanged.new) },
    ];
  });
}

/**
 * `activity_data.manfan`: the running 满返 and the selection's progress on it. The cart counts
 * the selected lines in scope after 满减 (a combination by its goods, its amount shared over
 * them by what they cost); coupons and vouchers, chosen at check-order, come off there.
 */
export function manfanView(cart: LoadedCart, priced: PricedCart): ManfanProgressView | null {
  const cb = cart.running.cashback;
  if (!cb) return null;
  let eligible = 0;
  cart.lines.forEach((l, i) => {
    const p = priced.lines[i];
    if (!p?.selected) return;
    if (l.row.kind !== COMBINATION_KIND) {
      if (inFullSpendScope(cb, l.row.itemId)) eligible += p.amount - p.manjianAmount;
      return;
    }
    const items = l.combination?.items ?? [];
    const shares = prorate(
      p.amount - p.manjianAmount,
      items.map((it) => it.price * it.number),
    );
    items.forEach((it, j) => {
      if (inFullSpendScope(cb, it.goodsId)) eligible += shares[j] ?? 0;
    });
  });
  return manfanProgress(cb, eligible);
}
