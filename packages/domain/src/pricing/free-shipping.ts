import type { LineTag } from './types.js';

/** The free-shipping facts of a goods. */
export interface FreeShippingGoods {
  isFreeShipping: boolean;
  isDpby: boolean;
  freeShippingNumber: number;
  bzdw?: string;
}

/**
 * The free-shipping tag of a line (SPEC §4): for free-shipping or single-item free-shipping
 * goods with a minimum quantity, either 已满足包邮 or 再买N盒包邮; null for other goods.
 */
export function freeShippingTag(goods: FreeShippingGoods, quantity: number): LineTag | null {
  if (!(goods.isFreeShipping || goods.isDpby)) return null;
  const unit = goods.bzdw ?? '盒';
  const missing = Math.max(0, goods.freeShippingNumber - quantity);
  return missing === 0
    ? { name: '包邮', describe: '已满足包邮', is_show: 1 }
    : { name: '包邮', describe: `再买${missing}${unit}包邮`, is_show: 1 };
}

/**
 * SPEC §5: the order ships free when a selected line has single-item free shipping and its
 * quantity is at or above the goods' minimum.
 */
export function singleItemFreeShipping(
  lines: readonly { selected: boolean; quantity: number; goods: FreeShippingGoods }[],
): boolean {
  return lines.some((l) => l.selected && l.goods.isDpby && l.quantity >= l.goods.freeShippingNumber);
}
