import type { Fen } from '../money.js';
import { discountedUnitPrice, type StoreDiscount } from './discount.js';
import { effectiveSelected, lineEligibility, type Eligibility } from './eligibility.js';
import { applyFlashSale, type FlashSale } from './flash-sale.js';
import { freeShippingTag } from './free-shipping.js';
import { lineGift, type GiftData, type GiftRule } from './gift.js';
import { describeTiers, reachedTier, type TierDescription } from './ladder.js';
import { checkQuantity } from './quantity.js';
import type { LineTag, PricingGoods } from './types.js';

/** One cart line as the pricing engine receives it (plain data, no I/O). */
export interface CartLineInput {
  id: number;
  goods: PricingGoods;
  quantity: number;
  /** The buyer's selection. */
  selected: boolean;
  /** Type 3: `goods` is the combination (combinationGoods) and `rawPrice` its items' price. */
  combination?: { rawPrice: Fen } | null;
  flashSale?: FlashSale | null;
  gift?: GiftRule | null;
  /** A compliance block's reason, or null. */
  blockReason?: string | null;
  /**
   * The list price (`goods.price`, what the catalogue shows) the buyer last saw, or null.
   * Promotions computed here are not price changes; a new list price is.
   */
  shownPrice?: Fen | null;
}

/** What set a line's price before the whole-store discount. */
export type PriceSource = 'list' | 'ladder' | 'flash' | 'combination';

/** One line priced, amounts in fen. */
export interface PricedLine {
  id: number;
  goodsId: number;
  combination: boolean;
  quantity: number;
  selected: boolean;
  eligibility: Eligibility;
  /** The quantity problem (over stock, over the limit …), or null. */
  quantityProblem: string | null;
  flashSale: boolean;
  /** List unit price before any promotion. */
  rawPrice: Fen;
  /** Best unit price before the whole-store discount (list, ladder tier or flash price). */
  promoPrice: Fen;
  /** Where promoPrice comes from; `tierNumber` is the reached tier's quantity for 'ladder'. */
  priceSource: PriceSource;
  tierNumber: number;
  /** The flash sale's or daily special's name ('限时秒杀') when priceSource is 'flash'. */
  flashName: string;
  /** Unit price charged. */
  unitPrice: Fen;
  /** unitPrice × quantity: the line before the full-spend reduction (raw_price_manjian). */
  amount: Fen;
  /** The line's share of the full-spend reduction (goods_manjian_amount). */
  manjianAmount: Fen;
  inFullSpend: boolean;
  tiers: TierDescription[];
  tags: LineTag[];
  gift: GiftData;
  priceChanged: { old: Fen; new: Fen } | null;
}

/**
 * Prices one line at `now` (epoch ms): the lowest of the list price, the reached ladder tier
 * and a running flash price; then the whole-store discount (never on flash or combination
 * lines), tier descriptions, tags, gift and selection eligibility. The full-spend share is
 * filled in by priceCart, which sees the whole cart.
 */
export function priceLine(input: CartLineInput, now: number, discount: StoreDiscount | null): PricedLine {
  const g = input.goods;
  const q = input.quantity;
  const combination = input.combination != null;
  const flash = input.flashSale && !combination ? applyFlashSale(input.flashSale, q, now) : null;
  const tier = reachedTier(g.ladderPriceType, g.ladderPrice, q);
  let best = g.price;
  let priceSource: PriceSource = combination ? 'combination' : 'list';
  if (tier && tier.price < best) {
    best = tier.price;
    priceSource = 'ladder';
  }
  if (flash?.price != null && flash.price < best) {
    best = flash.price;
    priceSource = 'flash';
  }
  const flashSale = flash?.price != null;
  const unitPrice = discountedUnitPrice(best, discount, { goodsId: g.id, flashSale, combination });
  const eligibility = lineEligibility(g.isBuy, g.stock, input.blockReason ?? null);
  const check = checkQuantity(q, g);
  const tags: LineTag[] = [...(flash?.tags ?? [])];
  const shipTag = freeShippingTag(g, q);
  if (shipTag) tags.push(shipTag);
  const shown = input.shownPrice;
  const rawPrice = combination ? (input.combination?.rawPrice ?? g.price) : g.price;
  return {
    id: input.id,
    goodsId: g.id,
    combination,
    quantity: q,
    selected: effectiveSelected(input.selected, eligibility),
    eligibility,
    quantityProblem: check.ok ? null : check.message,
    flashSale,
    rawPrice,
    promoPrice: best,
    priceSource,
    tierNumber: priceSource === 'ladder' ? (tier?.number ?? 0) : 0,
    flashName: priceSource === 'flash' ? (input.flashSale?.name ?? '秒杀价') : '',
    unitPrice,
    amount: unitPrice * q,
    manjianAmount: 0,
    inFullSpend: false,
    tiers: describeTiers(g.ladderPriceType, g.ladderPrice, q, best, g.bzdw),
    tags,
    gift: lineGift(input.gift ?? null, q),
    priceChanged: shown != null && shown !== g.price ? { old: shown, new: g.price } : null,
  };
}
