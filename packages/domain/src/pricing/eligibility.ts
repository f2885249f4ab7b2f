/** Why a line cannot be selected. */
export type IneligibleReason = 'not_buyable' | 'no_stock' | 'blocked';

export interface Eligibility {
  selectable: boolean;
  reason: IneligibleReason | null;
  /** Chinese text shown on the line, '' when selectable. */
  message: string;
}

/**
 * SPEC §4/§5: a line can be selected or counted only when its goods is purchasable (`is_buy`)
 * and has stock above 0; a compliance block (its reason given) also forces it unselected.
 */
export function lineEligibility(isBuy: boolean, stock: number, blockReason?: string | null): Eligibility {
  if (!isBuy) return { selectable: false, reason: 'not_buyable', message: '商品已下架或暂不可购买' };
  if (stock <= 0) return { selectable: false, reason: 'no_stock', message: '商品暂时缺货' };
  if (blockReason) return { selectable: false, reason: 'blocked', message: blockReason };
  return { selectable: true, reason: null, message: '' };
}

/** The selection a line shows: the buyer's choice, forced off when not eligible. */
export function effectiveSelected(wanted: boolean, eligibility: Eligibility): boolean {
  return wanted && eligibility.selectable;
}
