import type { Fen } from '../money.js';
import type { LadderTier } from '../catalog.js';

/**
 * What the pricing rules need to know about a goods, in fen and units. The server builds it
 * from the goods row; the web app from the goods item it already holds (yuan → fen).
 */
export interface PricingGoods {
  id: number;
  /** Wholesale unit price (for a flash-sale goods: the flash price, see flash-sale.ts). */
  price: Fen;
  ladderPrice: readonly LadderTier[];
  /** 0 no ladder; 1 the tier is chosen by the line's own quantity (ladder.ts). */
  ladderPriceType: number;
  isBuy: boolean;
  /** Sellable stock. */
  stock: number;
  /** Middle pack: default and step of the quantity. */
  zbz: number;
  /** Case quantity (件装量); 0 unknown. */
  jzl: number;
  /** Round quantities up to a full case (`jzl`). */
  roundToCase: boolean;
  /** Purchase limit per buyer; 0 none. */
  qgNumber: number;
  isFreeShipping: boolean;
  freeShippingNumber: number;
  /** Single-item free shipping (单品包邮). */
  isDpby: boolean;
  /** 0 normal, 1 flash sale. */
  type: number;
  /** Packing unit shown in texts (盒). */
  bzdw: string;
}

/** A tag shown on a cart line (SPEC §3 tags: name, describe, is_show). */
export interface LineTag {
  name: string;
  describe: string;
  is_show: number;
}
