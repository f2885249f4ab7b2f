/** What the buttons and stock cells need to know of a goods. */
interface Availability {
  is_buy: number;
  number: number;
}

/**
 * Why a goods cannot be put in the cart now, as its button (`label`) and its explanation
 * (`reason`) say it; null when it can. Two reasons, never mixed up: the wholesaler suspended
 * the sale (`is_buy` 0, the stock may be there), or nothing is in stock. Member-specific
 * refusals (scope, licence, 控销) are the server's `buy_block` (PurchaseBlockNotice).
 */
export function unavailable(g: Availability): { label: string; reason: string } | null {
  if (g.is_buy !== 1) return { label: '暂停销售', reason: '该商品已暂停销售，恢复后即可采购' };
  if (g.number <= 0) return { label: '暂时缺货', reason: '该商品暂无库存，到货后即可采购' };
  return null;
}

/** The stock cell of lists: the quantity, or why there is none to buy. */
export function stockText(g: Availability & { bzdw: string }): string {
  return unavailable(g)?.label ?? `${g.number}${g.bzdw}`;
}
