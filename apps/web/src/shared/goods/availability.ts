import type { PurchaseBlock } from '@kc/domain';

/** What the buttons and stock cells need to know of a goods. */
interface Availability {
  is_buy: number;
  number: number;
  /** The server's rule that stops this member buying it (scope, licence, 控销…). */
  buy_block?: PurchaseBlock | null;
}

/**
 * Why a goods cannot be put in the cart now, as its button (`label`) and its explanation
 * (`reason`) say it; null when it can. Never mixed up: a rule of this member's (`buy_block`,
 * the server's reason; `is_buy` is then 0 too), the wholesaler suspended the sale (`is_buy` 0,
 * the stock may be there), or nothing is in stock.
 */
export function unavailable(g: Availability): { label: string; reason: string } | null {
  if (g.buy_block) return { label: '暂不能购买', reason: g.buy_block.reason };
  if (g.is_buy !== 1) return { label: '暂停销售', reason: '该商品已暂停销售，恢复后即可采购' };
  if (g.number <= 0) return { label: '暂时缺货', reason: '该商品暂无库存，到货后即可采购' };
  return null;
}

/** The stock cell of lists: the quantity, or why there is none to buy. */
export function stockText(g: Availability & { bzdw: string }): string {
  return unavailable(g)?.label ?? `${g.number}${g.bzdw}`;
}
