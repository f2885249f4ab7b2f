import {
  couponQuote,
  paginate,
  type CouponLine,
  type CouponOptionView,
  type Paginated,
  type PricedCart,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { COMBINATION_KIND, loadCart, type LoadedCart, type LoadedLine } from '../../modules/cart/load.js';
import { priceLoaded } from '../../modules/cart/state.js';
import {
  categoryAncestors,
  couponOptionView,
  couponRule,
  goodsBrands,
  heldCoupons,
  type CouponSlot,
} from '../../modules/promotion/service.js';

/**
 * The cart lines as a coupon sees them: one entry per cart line in the cart's order; a line
 * not selected in `priced` has base 0. Base is the line amount less its 满减 share; flash-sale
 * and combination lines are promotional (no coupon). One query whatever the cart's size (two
 * when `brands`: a held coupon is brand-scoped).
 */
export async function couponLinesFor(
  db: Queryable,
  cart: LoadedCart,
  priced: PricedCart,
  opts: { brands?: boolean } = {},
): Promise<CouponLine[]> {
  const categoryOf = (l: LoadedLine) =>
    l.row.kind === COMBINATION_KIND ? null : (l.goods?.categoryId ?? null);
  const goodsOf = (l: LoadedLine) => (l.row.kind === COMBINATION_KIND ? [] : [l.goods?.id ?? l.row.itemId]);
  // Brands are read only when a held coupon is brand-scoped (the common cart pays nothing).
  const [paths, brands] = await Promise.all([
    categoryAncestors(
      db,
      cart.lines.flatMap((l) => categoryOf(l) ?? []),
    ),
    opts.brands ? goodsBrands(db, cart.lines.flatMap(goodsOf)) : Promise.resolve(null),
  ]);
  return cart.lines.map((l, i) => {
    const p = priced.lines[i];
    const combination = l.row.kind === COMBINATION_KIND;
    const category = categoryOf(l);
    return {
      goodsId: combination ? 0 : (l.goods?.id ?? l.row.itemId),
      categoryIds: category === null ? [] : (paths.get(category) ?? [category]),
      ...(brands ? { brandId: combination ? null : (brands.get(l.goods?.id ?? l.row.itemId) ?? null) } : {}),
      base: p?.selected ? Math.max(0, p.amount - p.manjianAmount) : 0,
      promotional: combination || (p?.combination ?? false) || (p?.flashSale ?? false),
    };
  });
}

export interface AvailableCouponQuery {
  type: number;
  page: number;
  page_size: number;
  ids?: number[];
}

/**
 * `GET /api/user/availableCoupon`: the member's usable coupons (type 1) or cash vouchers
 * (type 2). With `ids` (cart line ids) each is priced against those lines, usable ones first
 * by what they take off; without, they come as held, the first to expire first.
 */
export async function availableCoupons(
  db: Queryable,
  memberId: number,
  q: AvailableCouponQuery,
  now: Date,
): Promise<Paginated<CouponOptionView>> {
  const slot: CouponSlot = q.type === 2 ? 'voucher' : 'coupon';
  const ids = q.ids;
  const [held, cart] = await Promise.all([
    heldCoupons(db, memberId, now, slot),
    ids ? loadCart(db, memberId, now) : Promise.resolve(null),
  ]);
  let views: CouponOptionView[];
  if (cart && ids) {
    const own = new Set(cart.lines.map((l) => l.row.id));
    const missing = ids.filter((id) => !own.has(id));
    if (missing.length > 0) throw new AppError('notFound', '购物车中没有该商品', undefined, { ids: missing });
    const lines = await couponLinesFor(db, cart, priceLoaded(cart, now, new Set(ids)), {
      brands: held.some((c) => c.scope === 'brand'),
    });
    // A stable sort: equal ones keep the held order (the first to expire first).
    views = held
      .map((c) => ({ c, quote: couponQuote(couponRule(c), lines) }))
      .sort((a, b) => Number(b.quote.usable) - Number(a.quote.usable) || b.quote.discount - a.quote.discount)
      .map(({ c, quote }) => couponOptionView(c, quote));
  } else {
    views = held.map((c) => couponOptionView(c, null));
  }
  const start = (q.page - 1) * q.page_size;
  return paginate(views.slice(start, start + q.page_size), views.length, q);
}
