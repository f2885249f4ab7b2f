import { applyRate, type Fen } from '../money.js';

/** The whole-store discount (全场94折, SPEC §9): 940 per mille. */
export const WHOLE_STORE_RATE_PER_MILLE = 940;

/** A running whole-store discount: its rate and the goods it excludes. */
export interface StoreDiscount {
  ratePerMille: number;
  /** Goods ids outside the scope (already discounted items, for instance). */
  excludedGoodsIds: readonly number[];
}

/**
 * The unit price after the whole-store discount: `price × rate`, floored to the fen (94折 of
 * 12.99 is 12.21). Flash-sale and combination lines are never discounted twice, nor are
 * excluded goods; without a running discount the price is unchanged.
 */
export function discountedUnitPrice(
  price: Fen,
  discount: StoreDiscount | null,
  line: { goodsId: number; flashSale: boolean; combination: boolean },
): Fen {
  if (!discount || line.flashSale || line.combination) return price;
  if (discount.excludedGoodsIds.includes(line.goodsId)) return price;
  return applyRate(price, discount.ratePerMille);
}
