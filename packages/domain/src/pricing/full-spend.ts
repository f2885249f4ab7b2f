import { fenToYuan, type Fen } from '../money.js';

/** One full-spend (满减) tier: spend `amount`, get `reduce` off; both fen. */
export interface FullSpendTier {
  amount: Fen;
  reduce: Fen;
}

/** A running full-spend activity: its tiers and scope (empty `goodsIds` = every goods). */
export interface FullSpend {
  id: number;
  name: string;
  tiers: readonly FullSpendTier[];
  goodsIds: readonly number[];
}

/** A tier as `activity_data.manjians.manjians` shows it. */
export interface FullSpendTierView {
  amount: string;
  reduce: string;
  /** 1 when the eligible amount reaches the tier. */
  status: 0 | 1;
  text: string;
}

/** Whether a goods counts towards a scoped activity (满减, 满返): an empty scope is every goods. */
export function inFullSpendScope(activity: { goodsIds: readonly number[] }, goodsId: number): boolean {
  return activity.goodsIds.length === 0 || activity.goodsIds.includes(goodsId);
}

/** The highest tier `eligible` fen reaches (满减 and 满返 tiers alike), or null. */
export function reachedSpendTier<T extends { amount: Fen }>(tiers: readonly T[], eligible: Fen): T | null {
  let best: T | null = null;
  for (const t of tiers) if (eligible >= t.amount && (!best || t.amount > best.amount)) best = t;
  return best;
}

/** The reduction earned by `eligible` fen: the largest reached tier's, else 0. */
export function fullSpendReduction(tiers: readonly FullSpendTier[], eligible: Fen): Fen {
  return reachedSpendTier(tiers, eligible)?.reduce ?? 0;
}

/**
 * The tiers with their status for an eligible amount: reached tiers first (highest, the one
 * applied, at the top), then the tiers still ahead from the nearest up.
 */
export function fullSpendTierViews(tiers: readonly FullSpendTier[], eligible: Fen): FullSpendTierView[] {
  const reached = tiers.filter((t) => eligible >= t.amount).sort((a, b) => b.amount - a.amount);
  const ahead = tiers.filter((t) => eligible < t.amount).sort((a, b) => a.amount - b.amount);
  const view = (t: FullSpendTier, status: 0 | 1): FullSpendTierView => ({
    amount: fenToYuan(t.amount),
    reduce: fenToYuan(t.reduce),
    status,
    text: `满${fenToYuan(t.amount)}减${fenToYuan(t.reduce)}`,
  });
  return [...reached.map((t) => view(t, 1)), ...ahead.map((t) => view(t, 0))];
}

/** The next tier ahead and how much more to spend, or null when the top tier is reached. */
export function nextFullSpendTier<T extends { amount: Fen }>(
  tiers: readonly T[],
  eligible: Fen,
): { tier: T; missing: Fen } | null {
  const ahead = tiers.filter((t) => eligible < t.amount).sort((a, b) => a.amount - b.amount);
  const tier = ahead[0];
  return tier ? { tier, missing: tier.amount - eligible } : null;
}

/**
 * Shares a reduction over the eligible lines in proportion to their amounts, each share
 * floored to the fen; the fen lost to flooring go to the largest line so the shares add up
 * exactly. Returns one share per amount, in order.
 */
export function prorate(reduction: Fen, amounts: readonly Fen[]): Fen[] {
  const total = amounts.reduce((s, a) => s + a, 0);
  if (reduction <= 0 || total <= 0) return amounts.map(() => 0);
  const shares = amounts.map((a) => Math.floor((reduction * a) / total));
  const rest = reduction - shares.reduce((s, a) => s + a, 0);
  let largest = 0;
  amounts.forEach((a, i) => {
    if (a > (amounts[largest] ?? 0)) largest = i;
  });
  shares[largest] = (shares[largest] ?? 0) + rest;
  return shares;
}
