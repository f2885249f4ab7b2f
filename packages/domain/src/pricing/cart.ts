import type { Fen } from '../money.js';
import type { StoreDiscount } from './discount.js';
import { singleItemFreeShipping } from './free-shipping.js';
import {
  fullSpendReduction,
  fullSpendTierViews,
  nextFullSpendTier,
  prorate,
  type FullSpend,
  type FullSpendTier,
  type FullSpendTierView,
} from './full-spend.js';
import { priceLine, type CartLineInput, type PricedLine } from './line.js';
import { quoteShipping, SHIPPING, type ShippingQuote } from './shipping.js';

/** The promotions running when the cart is priced. */
export interface CartPricingContext {
  /** Epoch milliseconds. */
  now: number;
  fullSpend?: FullSpend | null;
  discount?: StoreDiscount | null;
  shipping?: typeof SHIPPING;
}

/** A whole cart priced; amounts in fen, over the selected lines. */
export interface PricedCart {
  lines: PricedLine[];
  selectedCount: number;
  /** Sum of the selected lines' amounts. */
  goodsAmount: Fen;
  /** Selected amount inside the full-spend scope. */
  fullSpendEligible: Fen;
  fullSpendReduction: Fen;
  fullSpendTiers: FullSpendTierView[];
  nextTier: { tier: FullSpendTier; missing: Fen } | null;
  /** goodsAmount − fullSpendReduction. */
  payable: Fen;
  shipping: ShippingQuote;
  /** payable + shipping. */
  total: Fen;
}

/**
 * Prices a whole cart from plain data in one pass over the lines (O(lines)): each line by
 * priceLine, then the full-spend tier reached by the selected in-scope lines, its reduction
 * shared over them (floored, remainder to the largest), then shipping. The server and the web
 * app both call this, so what the page shows is what the order will charge.
 */
export function priceCart(inputs: readonly CartLineInput[], ctx: CartPricingContext): PricedCart {
  const discount = ctx.discount ?? null;
  const fs = ctx.fullSpend ?? null;
  const scope = fs && fs.goodsIds.length > 0 ? new Set(fs.goodsIds) : null;
  const lines = inputs.map((i) => priceLine(i, ctx.now, discount));
  let goodsAmount = 0;
  let selectedCount = 0;
  const eligible: PricedLine[] = [];
  for (const l of lines) {
    if (!l.selected) continue;
    selectedCount += 1;
    goodsAmount += l.amount;
    // Combination and flash-sale prices are already promotions: they do not count for 满减.
    l.inFullSpend = fs != null && !l.combination && !l.flashSale && (scope === null || scope.has(l.goodsId));
    if (l.inFullSpend) eligible.push(l);
  }
  const fullSpendEligible = eligible.reduce((s, l) => s + l.amount, 0);
  const tiers = fs?.tiers ?? [];
  const reduction = fullSpendReduction(tiers, fullSpendEligible);
  prorate(
    reduction,
    eligible.map((l) => l.amount),
  ).forEach((share, i) => {
    const line = eligible[i];
    if (line) line.manjianAmount = share;
  });
  const payable = goodsAmount - reduction;
  const freeByItem = singleItemFreeShipping(
    inputs.map((input, i) => ({
      selected: lines[i]?.selected ?? false,
      quantity: input.quantity,
      goods: input.goods,
    })),
  );
  const shipping = quoteShipping(payable, freeByItem, ctx.shipping ?? SHIPPING);
  return {
    lines,
    selectedCount,
    goodsAmount,
    fullSpendEligible,
    fullSpendReduction: reduction,
    fullSpendTiers: fullSpendTierViews(tiers, fullSpendEligible),
    nextTier: fs ? nextFullSpendTier(tiers, fullSpendEligible) : null,
    payable,
    shipping,
    total: payable + shipping.shippingAmount,
  };
}
