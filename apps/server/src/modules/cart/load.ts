import {
  chinaDate,
  combinationGoods,
  type CartLineInput,
  type FlashSale,
  type PricingGoods,
  type PurchaseBlock,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import {
  boughtAtPrices,
  combinationsByIds,
  runningActivities,
  type CombinationRow,
  type RunningActivities,
  type RunningPrice,
} from '../activity/service.js';
import { spikeWindow } from '../catalog/home.js';
import { blocksFrom, goodsFacts, type GoodsFactRow } from '../compliance/service.js';
import { cartSnapshot, goodsFactOf, type CartGoods, type StoredLine } from './lines-query.js';

export const COMBINATION_KIND = 3;

/** A stored line with what it refers to. */
export interface LoadedLine {
  row: StoredLine;
  goods: CartGoods | null;
  warehouse: string | null;
  combination: CombinationRow | null;
  block: PurchaseBlock | null;
  /**
   * Units the member already bought at the goods' running flash-sale or daily-special price in
   * its window (read only when that price has a per-buyer limit); absent counts as none.
   */
  activityBought?: number;
}

/** A member's cart with the running promotions: ready for priceCart. */
export interface LoadedCart {
  lines: LoadedLine[];
  inputs: CartLineInput[];
  running: RunningActivities;
  /** The buyer's shelf-life floor and the day, for the lines' FEFO expiry. */
  shelf: ShelfContext;
}

/** What a line's FEFO expiry is judged by: the buyer's floor (months) and today (China). */
export interface ShelfContext {
  months: number;
  today: string;
}

/** The pricing view of a goods row: delisted goods are not buyable. */
export function pricingGoods(g: CartGoods): PricingGoods {
  return {
    id: g.id,
    price: g.price,
    ladderPrice: g.ladderPrice,
    ladderPriceType: g.ladderPriceType,
    isBuy: g.isBuy && g.onShelf,
    stock: g.stock,
    zbz: g.zbz,
    jzl: g.jzl,
    roundToCase: g.roundToCase,
    qgNumber: g.qgNumber,
    isFreeShipping: g.isFreeShipping,
    freeShippingNumber: g.freeShippingNumber,
    isDpby: g.isDpby,
    type: g.type,
    bzdw: g.bzdw,
  };
}

/** Flash-sale goods (type 1) sell at their catalogue price during the day's session (home.ts). */
export function flashSaleOf(g: CartGoods, now: Date): FlashSale | null {
  if (g.type !== 1) return null;
  const { start, end } = spikeWindow(now);
  return { price: g.price, limit: g.qgNumber, start: start.getTime(), end: end.getTime() };
}

const PRICE_KIND_TEXT: Record<RunningPrice['kind'], string> = { flash: '限时秒杀', special: '每日特价' };

/**
 * A goods on a running flash sale or daily special (an activity's price): the flash price in
 * the price's window, and the per-buyer limit less what the buyer already bought in it. The
 * remainder becomes the line's purchase limit, so the quantity rules refuse more (as they do
 * a goods' own 限购); a buyer with nothing left is refused the line with the reason.
 */
export function activityPricing(
  g: CartGoods,
  price: RunningPrice,
  bought: number,
): { goods: PricingGoods; flashSale: FlashSale; exhausted: string | null } {
  const goods = pricingGoods(g);
  const left = price.limit > 0 ? Math.max(0, price.limit - bought) : 0;
  if (left > 0) goods.qgNumber = goods.qgNumber > 0 ? Math.min(goods.qgNumber, left) : left;
  const exhausted =
    price.limit > 0 && left === 0
      ? `${PRICE_KIND_TEXT[price.kind]}每人限购${price.limit}${g.bzdw}，您已购买${bought}${g.bzdw}`
      : null;
  return {
    goods,
    flashSale: {
      price: price.price,
      limit: left,
      start: price.start,
      end: price.end,
      name: PRICE_KIND_TEXT[price.kind],
    },
    exhausted,
  };
}

/** What a line whose goods or combination no longer exists is priced as: not buyable. */
const GONE: PricingGoods = {
  id: 0,
  price: 0,
  ladderPrice: [],
  ladderPriceType: 0,
  isBuy: false,
  stock: 0,
  zbz: 1,
  jzl: 0,
  roundToCase: false,
  qgNumber: 0,
  isFreeShipping: false,
  freeShippingNumber: 0,
  isDpby: false,
  type: 0,
  bzdw: '盒',
};

/** The pricing input of one loaded line. */
export function lineInput(l: LoadedLine, running: RunningActivities, now: Date): CartLineInput {
  const base = {
    id: l.row.id,
    quantity: l.row.number,
    selected: l.row.isSelected,
    shownPrice: l.row.shownPrice,
  };
  const blockReason = l.block?.reason ?? null;
  if (l.row.kind === COMBINATION_KIND) {
    const c = l.combination;
    const g = c ? combinationGoods(c) : { ...GONE, id: l.row.itemId };
    if (c && !c.onSale) g.isBuy = false;
    const rawPrice = c ? c.items.reduce((s, it) => s + it.price * it.number, 0) : 0;
    return { ...base, goods: g, combination: { rawPrice }, blockReason };
  }
  const g = l.goods;
  if (!g) return { ...base, goods: { ...GONE, id: l.row.itemId }, blockReason };
  const price = running.prices.get(g.id);
  if (price) {
    const p = activityPricing(g, price, l.activityBought ?? 0);
    return {
      ...base,
      goods: p.goods,
      flashSale: p.flashSale,
      gift: running.gifts.get(g.id) ?? null,
      blockReason: blockReason ?? p.exhausted,
    };
  }
  return {
    ...base,
    goods: pricingGoods(g),
    flashSale: flashSaleOf(g, now),
    gift: running.gifts.get(g.id) ?? null,
    blockReason,
  };
}

/**
 * Reads what the member already bought at the limited flash-sale and daily-special prices of
 * these goods lines into their `activityBought`: one statement, and none at all when no line's
 * goods has such a price (the usual cart). An edit of one line calls it with that line.
 */
export async function addActivityBought(
  db: Queryable,
  memberId: number,
  lines: LoadedLine[],
  running: RunningActivities,
): Promise<void> {
  const limited = lines.flatMap((l) => {
    const price = l.row.kind === COMBINATION_KIND ? undefined : running.prices.get(l.row.itemId);
    return price && price.limit > 0 ? [{ goodsId: l.row.itemId, price }] : [];
  });
  if (limited.length === 0) return;
  const bought = await boughtAtPrices(db, memberId, limited);
  for (const l of lines)
    if (l.row.kind !== COMBINATION_KIND && running.prices.has(l.row.itemId))
      l.activityBought = bought.get(l.row.itemId) ?? 0;
}

/**
 * Loads a member's cart in a fixed number of statements whatever its size: the lines with their
 * goods, warehouse and compliance facts and the buyer's facts (ONE statement, lines-query.ts),
 * then the running activities beside the combinations (only when the cart holds some), the
 * facts of the combinations' goods (only when it holds some) and the units already bought at
 * limited flash or special prices (only when it holds such goods).
 */
export async function loadCart(db: Queryable, memberId: number, now: Date): Promise<LoadedCart> {
  const snapshot = await cartSnapshot(db, memberId);
  const rows = snapshot.lines;
  const comboIds = rows.filter((r) => r.row.kind === COMBINATION_KIND).map((r) => r.row.itemId);
  const [running, combos] = await Promise.all([
    runningActivities(db, now),
    combinationsByIds(db, comboIds, now),
  ]);
  const byId = new Map(combos.map((c) => [c.id, c]));
  const wanted: { goodsId: number; number: number }[] = [];
  const facts: GoodsFactRow[] = [];
  for (const r of rows) {
    if (r.row.kind !== COMBINATION_KIND) {
      wanted.push({ goodsId: r.row.itemId, number: r.row.number });
      if (r.goods) facts.push(goodsFactOf(r.goods));
    } else
      for (const it of byId.get(r.row.itemId)?.items ?? [])
        wanted.push({ goodsId: it.goodsId, number: it.number * r.row.number });
  }
  const known = new Set(facts.map((f) => f.id));
  const comboGoods = [...new Set(wanted.map((w) => w.goodsId))].filter((id) => !known.has(id));
  if (combos.length > 0) facts.push(...(await goodsFacts(db, memberId, comboGoods)));
  const blocks = blocksFrom(snapshot.buyer, facts, wanted, now);
  const lines: LoadedLine[] = rows.map((r) => {
    const combination = r.row.kind === COMBINATION_KIND ? (byId.get(r.row.itemId) ?? null) : null;
    const block = combination
      ? (combination.items.map((it) => blocks.get(it.goodsId)).find(Boolean) ?? null)
      : (blocks.get(r.row.itemId) ?? null);
    return { row: r.row, goods: r.goods, warehouse: r.warehouse, combination, block };
  });
  await addActivityBought(db, memberId, lines, running);
  return {
    lines,
    inputs: lines.map((l) => lineInput(l, running, now)),
    running,
    shelf: { months: snapshot.shelfMonths, today: chinaDate(now) },
  };
}
