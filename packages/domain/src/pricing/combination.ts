import type { Fen } from '../money.js';
import type { PricingGoods } from './types.js';

/** A combination (组合购, cart line type 3): a set of goods sold together at one price. */
export interface Combination {
  id: number;
  name: string;
  /** Price of one combination in fen. */
  price: Fen;
  items: readonly { goodsId: number; number: number; price: Fen; stock: number; isBuy: boolean }[];
}

/** A combination seen as the goods of its line. */
export interface CombinationAsGoods {
  /** Sets that can be bought with the items' stock. */
  stock: number;
  isBuy: boolean;
  /** The items bought one by one (the combination's `raw_price`). */
  rawPrice: Fen;
  price: Fen;
}

/**
 * Treats a combination as the goods of its line: buyable only when every item is, stock is
 * the number of whole sets the items' stock allows, and its raw price is what the items cost
 * one by one.
 */
export function combinationAsGoods(c: Combination): CombinationAsGoods {
  let stock = Number.MAX_SAFE_INTEGER;
  let rawPrice = 0;
  for (const it of c.items) {
    stock = Math.min(stock, it.number > 0 ? Math.floor(it.stock / it.number) : 0);
    rawPrice += it.price * it.number;
  }
  return {
    stock: c.items.length === 0 ? 0 : stock,
    isBuy: c.items.length > 0 && c.items.every((it) => it.isBuy),
    rawPrice,
    price: c.price,
  };
}

/**
 * The pricing goods of a combination line: its set price, whole-set stock, step 1, no ladder,
 * no limit. Item-level rules (flash prices, ladders) never apply inside a combination.
 */
export function combinationGoods(c: Combination): PricingGoods {
  const g = combinationAsGoods(c);
  return {
    id: c.id,
    price: g.price,
    ladderPrice: [],
    ladderPriceType: 0,
    isBuy: g.isBuy,
    stock: g.stock,
    zbz: 1,
    jzl: 0,
    roundToCase: false,
    qgNumber: 0,
    isFreeShipping: false,
    freeShippingNumber: 0,
    isDpby: false,
    type: 3,
    bzdw: '套',
  };
}
