import type { Fen } from '../money.js';

/**
 * Shipping of an order (SPEC §3 `shipping_data`). A wholesaler delivers with its own vans and
 * third-party couriers; small orders pay a flat fee. Chosen values (docs/decisions/020):
 * - orders whose payable goods amount reaches 800.00 yuan ship free;
 * - below that, a flat 15.00 yuan fee;
 * - a selected single-item free-shipping line at its minimum quantity ships the order free.
 */
export const SHIPPING = {
  /** Flat fee in fen below the threshold. */
  feeFen: 1500,
  /** Free-shipping threshold in fen (`no_trans_order_amount`). */
  freeThresholdFen: 80_000,
} as const;

/** The shipping part of the cart state, in fen. */
export interface ShippingQuote {
  /** Fee charged on this selection. */
  shippingAmount: Fen;
  /** The threshold from which orders ship free. */
  noTransOrderAmount: Fen;
  /** How much more to buy for free shipping; 0 when free. */
  shortAmount: Fen;
}

/**
 * The fee for a selection whose payable goods amount is `payable`: nothing for an empty
 * selection, nothing at or above the threshold or with single-item free shipping, else the fee.
 */
export function quoteShipping(payable: Fen, singleItemFree: boolean, rules = SHIPPING): ShippingQuote {
  const free = payable <= 0 || singleItemFree || payable >= rules.freeThresholdFen;
  return {
    shippingAmount: free ? 0 : rules.feeFen,
    noTransOrderAmount: rules.freeThresholdFen,
    shortAmount: free ? 0 : rules.freeThresholdFen - payable,
  };
}
