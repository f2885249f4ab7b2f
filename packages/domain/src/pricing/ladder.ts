import { fenToYuan, type Fen } from '../money.js';
import type { LadderTier } from '../catalog.js';

/**
 * How `ladder_price_type` selects the rule:
 * - `0` — no ladder: the goods' unit price applies whatever the quantity;
 * - `1` — per line: the tier with the largest `number` at or below the line's quantity sets the
 *   unit price for every unit of the line (not only the units above the threshold).
 * Any other value is treated as `0`, so an unknown rule never lowers a price.
 */
export const LADDER_TYPES = { none: 0, perLine: 1 } as const;

/** The ladder tier in effect for `quantity`, or null when none is reached (or no ladder). */
export function reachedTier<T extends Pick<LadderTier, 'number'> = LadderTier>(
  ladderType: number,
  tiers: readonly T[],
  quantity: number,
): T | null {
  if (ladderType !== LADDER_TYPES.perLine) return null;
  let best: T | null = null;
  for (const t of tiers) {
    if (quantity >= t.number && (best === null || t.number > best.number)) best = t;
  }
  return best;
}

/** The three states of a tier description (SPEC §4). */
export type TierState = 'not_reached' | 'applied' | 'superseded';

/** One tier as the cart shows it. */
export interface TierDescription {
  number: number;
  /** Yuan. */
  price: string;
  state: TierState;
  /** Units still missing to reach the tier; 0 when reached. */
  shortfall: number;
  /** Chinese text: 再买20盒享12.51元/盒 · 已享12.51元/盒 · 已满50盒，已享更低价. */
  text: string;
}

/**
 * Describes every tier for a line of `quantity` units whose final unit price is `unitPrice`:
 * not reached (with the shortfall), reached and in effect (its price is the one charged), or
 * reached but not applied because a better price (a higher tier, a flash price) wins.
 */
export function describeTiers(
  ladderType: number,
  tiers: readonly LadderTier[],
  quantity: number,
  unitPrice: Fen,
  unit = '盒',
): TierDescription[] {
  if (ladderType !== LADDER_TYPES.perLine) return [];
  const inEffect = reachedTier(ladderType, tiers, quantity);
  return tiers.map((t) => {
    const price = fenToYuan(t.price);
    if (quantity < t.number) {
      const shortfall = t.number - quantity;
      return {
        number: t.number,
        price,
        state: 'not_reached',
        shortfall,
        text: `再买${shortfall}${unit}享${price}元/${unit}`,
      };
    }
    const applied = inEffect === t && unitPrice === t.price;
    return applied
      ? { number: t.number, price, state: 'applied', shortfall: 0, text: `已享${price}元/${unit}` }
      : {
          number: t.number,
          price,
          state: 'superseded',
          shortfall: 0,
          text: `已满${t.number}${unit}，已享更低价`,
        };
  });
}
