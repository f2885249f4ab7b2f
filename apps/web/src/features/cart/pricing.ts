import {
  fenToYuan,
  lineAmount,
  lineReductions,
  priceLine,
  roundUpToCase,
  yuanToFen,
  type LadderTier,
  type PricingGoods,
  type StoreDiscount,
  type CartLineView,
  type CartStateView,
} from '@kc/domain';

const tiersOf = (line: CartLineView): LadderTier[] =>
  (line.goods.ladder_price ?? []).map((t) => ({ number: t.number, price: yuanToFen(t.price) }));

/** The pricing engine's goods, rebuilt from a line the server sent (yuan → fen). */
function pricingGoods(line: CartLineView): PricingGoods {
  const g = line.goods;
  return {
    id: g.id,
    price: yuanToFen(line.raw_price),
    ladderPrice: tiersOf(line),
    ladderPriceType: g.ladder_price_type ?? 0,
    isBuy: g.is_buy === 1,
    stock: g.number ?? 0,
    zbz: g.zbz,
    jzl: g.jzl ?? 0,
    // The same flag the server prices the line with: quantities round up to a full case.
    roundToCase: g.round_to_case === 1,
    qgNumber: g.qg_number ?? 0,
    isFreeShipping: g.is_free_shipping === 1,
    freeShippingNumber: g.free_shipping_number ?? 0,
    isDpby: g.is_dpby === 1,
    type: g.type ?? 0,
    bzdw: g.bzdw,
  };
}

/**
 * A line at a new quantity, priced in the browser by the same domain rules and inputs the
 * server uses, so the stepper shows the new tier state, tags and amount at once; the server's
 * reply then replaces it. Like the server's edit, the quantity is first rounded up to a full
 * case when the goods asks for it. Flash-sale and combination lines (whose promotions the reply
 * does not carry) keep their unit price. The whole-store discount applies when it applied to
 * the line before.
 */
export function repriceLine(line: CartLineView, wanted: number, state: CartStateView): CartLineView {
  const goods = pricingGoods(line);
  const quantity = roundUpToCase(wanted, goods);
  const unit = yuanToFen(line.price);
  if (line.combination === 1 || line.type === 1 || line.goods.number === undefined) {
    // Their saving per unit is fixed: the named reductions scale with the quantity.
    const perUnit = (amount: string) => yuanToFen(amount) / Math.max(1, line.number);
    const reductions = line.reductions
      ?.filter((r) => r.kind === 'flash' || r.kind === 'combination')
      .map((r) => ({ ...r, amount: fenToYuan(Math.round(perUnit(r.amount) * quantity)) }));
    return {
      ...line,
      number: quantity,
      raw_price_manjian: fenToYuan(lineAmount(unit, quantity)),
      reductions,
    };
  }
  const input = {
    id: line.id,
    goods,
    selected: line.is_selected === 1,
    blockReason: line.block?.reason ?? null,
  };
  const rate = state.activity_data.discount?.rate_per_mille;
  const discount: StoreDiscount | null = rate ? { ratePerMille: rate, excludedGoodsIds: [] } : null;
  // Was the discount applied to this line? Then it applies at the new quantity too.
  const before = priceLine({ ...input, quantity: line.number }, Date.now(), discount);
  const applies = discount !== null && before.unitPrice === unit;
  const p = priceLine({ ...input, quantity }, Date.now(), applies ? discount : null);
  return {
    ...line,
    number: quantity,
    price: fenToYuan(p.unitPrice),
    raw_price_manjian: fenToYuan(p.amount),
    ladder: p.tiers,
    // Hidden tags (the flash-sale one) come only from the server.
    tags: [...line.tags.filter((t) => t.name !== '包邮'), ...p.tags.filter((t) => t.name === '包邮')],
    quantity_problem: p.quantityProblem,
    // The 满减 share waits for the server (it depends on the whole selection).
    reductions: lineReductions(p, { discount: applies ? discount : null, unit: line.goods.bzdw }),
  };
}

/** The state with one line at a new quantity (other lines keep their objects). */
export function withQuantity(state: CartStateView, id: number, quantity: number): CartStateView {
  return {
    ...state,
    data: state.data.map((l) => (l.id === id ? repriceLine(l, quantity, state) : l)),
  };
}

/** The state with some lines' selection changed; unavailable lines stay unselected. */
export function withSelection(
  state: CartStateView,
  ids: ReadonlySet<number>,
  selected: boolean,
): CartStateView {
  return {
    ...state,
    data: state.data.map((l) =>
      ids.has(l.id) && isSelectable(l) ? { ...l, is_selected: selected ? 1 : 0 } : l,
    ),
  };
}

/** SPEC §5: a line can be selected only when purchasable, in stock and not blocked. */
export const isSelectable = (l: CartLineView) => l.unavailable === null && l.block === null;

/** What the selected lines save against their list prices, in yuan (Σ list × number − charged). */
export function savings(lines: readonly CartLineView[]): string {
  let fen = 0;
  for (const l of lines) {
    if (l.is_selected !== 1) continue;
    fen += lineAmount(yuanToFen(l.raw_price), l.number) - yuanToFen(l.raw_price_manjian);
  }
  return fenToYuan(Math.max(0, fen));
}
