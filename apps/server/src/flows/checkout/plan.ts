import {
  allocateLots,
  chinaDate,
  shelfCutoff,
  prorate,
  splitDraws,
  type AvailableLot,
  type StockProblem,
  cashbackEligible,
  cashbackFor,
  type CashbackTier,
} from '@kc/domain';
import { pricedActivityOf } from '../../modules/activity/service.js';
import { COMBINATION_KIND, type LoadedCart } from '../../modules/cart/load.js';
import type { PricedSelection } from './selection.js';
import type { LockedGoods } from '../../modules/catalog/service.js';
import type { PlanLine } from '../../modules/order/write.js';

/** The goods an order draws on: goods lines and the goods inside combinations. */
export function goodsIdsOf(cart: LoadedCart, chosen: ReadonlySet<number>): number[] {
  const ids = new Set<number>();
  for (const l of cart.lines) {
    if (!chosen.has(l.row.id)) continue;
    if (l.row.kind === COMBINATION_KIND) for (const it of l.combination?.items ?? []) ids.add(it.goodsId);
    else ids.add(l.row.itemId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The paid order lines of a selection, before stock: combinations split over their goods. */
export function paidLines(cart: LoadedCart, sel: PricedSelection): Omit<PlanLine, 'draws'>[] {
  const out: Omit<PlanLine, 'draws'>[] = [];
  let k = 0;
  cart.lines.forEach((l, i) => {
    const p = sel.priced.lines[i];
    if (!p?.selected) return;
    const share = sel.amounts.lines[k++] ?? { couponAmount: 0, voucherAmount: 0, payAmount: p.amount };
    const gift = p.gift.total > 0 && p.gift.type === 2 ? p.gift : null;
    const base = { manjianAmount: p.manjianAmount, couponAmount: share.couponAmount, isGift: false };
    if (l.row.kind !== COMBINATION_KIND) {
      out.push({
        ...base,
        goodsId: l.row.itemId,
        combinationId: null,
        combinationName: '',
        number: p.quantity,
        rawPrice: p.rawPrice,
        unitPrice: p.unitPrice,
        amount: p.amount,
        voucherAmount: share.voucherAmount,
        payAmount: share.payAmount,
        giftName: gift?.name ?? '',
        giftNumber: gift?.total ?? 0,
      });
      return;
    }
    // A combination is sold as its goods: its amount, voucher share and payment are shared
    // over them by what they cost one by one, to the fen.
    const items = l.combination?.items ?? [];
    const weights = items.map((it) => it.price * it.number);
    const amounts = prorate(p.amount, weights);
    const vouchers = prorate(share.voucherAmount, weights);
    items.forEach((it, j) => {
      const number = it.number * p.quantity;
      const amount = amounts[j] ?? 0;
      const voucher = vouchers[j] ?? 0;
      out.push({
        ...base,
        manjianAmount: 0,
        couponAmount: 0,
        goodsId: it.goodsId,
        combinationId: l.row.itemId,
        combinationName: l.combination?.name ?? '',
        number,
        rawPrice: it.price,
        unitPrice: Math.floor(amount / number),
        amount,
        voucherAmount: voucher,
        payAmount: amount - voucher,
        giftName: '',
        giftNumber: 0,
      });
    });
  });
  return out;
}

/** Same-goods gifts (买N赠M同品) as free lines: as many as the stock left after the paid units allows. */
function giftLines(cart: LoadedCart, sel: PricedSelection) {
  const out: { goodsId: number; number: number; name: string }[] = [];
  cart.lines.forEach((l, i) => {
    const p = sel.priced.lines[i];
    if (p?.selected && l.row.kind !== COMBINATION_KIND && p.gift.type === 1 && p.gift.total > 0)
      out.push({ goodsId: l.row.itemId, number: p.gift.total, name: p.gift.name });
  });
  return out;
}

/**
 * Plans the order's lines and draws their units from the lots, earliest expiry first, with
 * the goods locked; under the buyer's shelf-life floor (cart.shelf) only lots with at least
 * that many months left are drawn, and a goods short of such lots is refused with the reason. Returns the lines, or every goods that is short (counting all lines that
 * draw on it together: a goods line and a combination holding the same goods).
 */
export function planOrder(
  cart: LoadedCart,
  sel: PricedSelection,
  goods: ReadonlyMap<number, LockedGoods>,
  lots: readonly AvailableLot[],
  now: Date,
): { lines: PlanLine[]; problems: StockProblem[] } {
  const today = chinaDate(now);
  const months = cart.shelf?.months ?? 0;
  // Lots must expire after `cutoff`: today, or the last day the buyer's floor refuses.
  const cutoff = shelfCutoff(today, months);
  const paid = paidLines(cart, sel);
  const lotsBy = new Map<number, AvailableLot[]>();
  for (const l of lots) lotsBy.set(l.goodsId, [...(lotsBy.get(l.goodsId) ?? []), l]);
  const demand = new Map<number, number>();
  for (const l of paid) demand.set(l.goodsId, (demand.get(l.goodsId) ?? 0) + l.number);
  const problems: StockProblem[] = [];
  const sellable = (id: number) => {
    const inLots = (lotsBy.get(id) ?? []).reduce((s, l) => (l.expiresOn > cutoff ? s + l.quantity : s), 0);
    return Math.min(inLots, Math.max(0, goods.get(id)?.stock ?? 0));
  };
  for (const [id, want] of demand) {
    const have = sellable(id);
    if (want > have) {
      const g = goods.get(id);
      const name = g?.name ?? `商品${id}`;
      const floor = months > 0 ? `效期满${months}个月的` : '';
      const message =
        have > 0
          ? `库存不足：${name}${floor}仅剩${have}${g?.bzdw ?? ''}`
          : floor && (lotsBy.get(id) ?? []).some((l) => l.expiresOn > today && l.quantity > 0)
            ? `${name}没有效期满${months}个月的批号，不符合您设置的效期要求`
            : `库存不足：${name}已售罄`;
      problems.push({ goods_id: id, name, reason: 'stock', message });
    }
  }
  if (problems.length > 0) return { lines: [], problems };
  const free: Omit<PlanLine, 'draws'>[] = [];
  for (const gl of giftLines(cart, sel)) {
    const number = Math.min(gl.number, sellable(gl.goodsId) - (demand.get(gl.goodsId) ?? 0));
    if (number <= 0) continue;
    demand.set(gl.goodsId, (demand.get(gl.goodsId) ?? 0) + number);
    free.push({
      goodsId: gl.goodsId,
      combinationId: null,
      combinationName: '',
      number,
      rawPrice: 0,
      unitPrice: 0,
      amount: 0,
      manjianAmount: 0,
      couponAmount: 0,
      voucherAmount: 0,
      payAmount: 0,
      isGift: true,
      giftName: gl.name,
      giftNumber: 0,
    });
  }
  const all = [...paid, ...free];
  const lines: PlanLine[] = all.map((l) => ({ ...l, draws: [] }));
  for (const [id, want] of demand) {
    const draws = allocateLots(lotsBy.get(id) ?? [], want, cutoff) ?? [];
    const idx = lines.flatMap((l, i) => (l.goodsId === id ? [i] : []));
    splitDraws(
      draws,
      idx.map((i) => lines[i]!.number),
    ).forEach((d, j) => {
      lines[idx[j]!]!.draws = d;
    });
  }
  return { lines, problems };
}

/** What an order records of the activities that priced it (the activity report reads them). */
export interface OrderActivities {
  /** orders.activity_ids: 满减 applied, 94折 on a line, a gift given, a flash/special price, 满返 due. */
  activityIds: number[];
  /** order_lines.activity_id of the goods lines sold at a flash or daily-special price. */
  flashLines: { goodsId: number; activityId: number }[];
  /** The 满返 the order earns (credited on completion), or null. */
  cashback: { activityId: number; eligible: number; amount: number; tiers: CashbackTier[] } | null;
}

/**
 * The activities that priced a selection planned as `lines` (the paid lines, and the free
 * gift lines the stock allowed). Pure: placement writes what it answers in its last statement.
 */
export function orderActivities(
  cart: LoadedCart,
  sel: PricedSelection,
  lines: readonly Omit<PlanLine, 'draws'>[],
): OrderActivities {
  const run = cart.running;
  const ids = new Set<number>();
  if (run.fullSpend && sel.priced.fullSpendReduction > 0) ids.add(run.fullSpend.id);
  const flashLines: OrderActivities['flashLines'] = [];
  cart.lines.forEach((l, i) => {
    const p = sel.priced.lines[i];
    if (!p?.selected || l.row.kind === COMBINATION_KIND) return;
    if (run.discountId !== null && p.unitPrice < p.promoPrice) ids.add(run.discountId);
    const priced = p.flashSale ? pricedActivityOf(run, l.row.itemId) : null;
    if (priced !== null) {
      ids.add(priced);
      flashLines.push({ goodsId: l.row.itemId, activityId: priced });
    }
  });
  for (const l of lines) {
    const gift = l.isGift || l.giftNumber > 0 ? run.giftIds.get(l.goodsId) : undefined;
    if (gift !== undefined) ids.add(gift);
  }
  let cashback: OrderActivities['cashback'] = null;
  const cb = run.cashback;
  if (cb) {
    const eligible = cashbackEligible(cb.goodsIds, lines);
    const amount = cashbackFor(cb.tiers, eligible);
    if (amount > 0) {
      ids.add(cb.id);
      cashback = { activityId: cb.id, eligible, amount, tiers: cb.tiers.map((t) => ({ ...t })) };
    }
  }
  return { activityIds: [...ids].sort((a, b) => a - b), flashLines, cashback };
}
