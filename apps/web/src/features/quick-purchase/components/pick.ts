import { PRICE_HINTS, adjustToMiddlePack, type QuickGoods, type QuickRow } from '@kc/domain';

/** What the buyer has decided for one row: the goods, the quantity and whether it goes to the cart. */
export interface Pick {
  goods: QuickGoods | null;
  number: number;
  note: string;
  selected: boolean;
}

const rulesOf = (g: QuickGoods) => ({
  zbz: g.zbz,
  jzl: g.jzl,
  roundToCase: g.round_to_case === 1,
  bzdw: g.bzdw,
});

/** A goods can go to the cart when it is for sale and in stock. */
export const buyable = (g: QuickGoods | null) => !!g && g.is_buy === 1 && g.number > 0;

/** The starting decision of a row: a matched row is chosen at its adjusted quantity. */
export function initialPick(r: QuickRow): Pick {
  return {
    goods: r.goods,
    number: r.quantity,
    note: r.note,
    selected: r.status === 'matched' && buyable(r.goods),
  };
}

/** The buyer chose `g` for the row: its quantity from the list, fitted to its middle pack. */
export function choose(r: QuickRow, g: QuickGoods): Pick {
  const q = adjustToMiddlePack(r.wanted, rulesOf(g));
  return { goods: g, number: q.number, note: q.note, selected: buyable(g) };
}

/** The buyer typed a quantity: fitted to the middle pack again, with the note saying so. */
export function setNumber(p: Pick, n: number | null): Pick {
  if (!p.goods) return p;
  const q = adjustToMiddlePack(n, rulesOf(p.goods));
  return { ...p, number: q.number, note: q.note };
}

export const priceText = (g: QuickGoods) => (g.price === null ? PRICE_HINTS.pending : `¥${g.price}`);

/** One line of a goods: name, specification, maker and warehouse. */
export const goodsLabel = (g: QuickGoods) =>
  [g.trade_name ? `${g.trade_name} ${g.name}` : g.name, g.ypgg, g.sccj, g.warehouse]
    .filter(Boolean)
    .join(' | ');
