/**
 * 满返 cashback rules (docs/api/activity.md): which amount earns which cashback, and what the
 * cart and check order show of it. The tiers are judged like 满减's (full-spend.ts); the money
 * moves in the server's flows (placement, completion, cancel, return refund).
 */
import type { ManfanProgressView } from '../cart-views.js';
import { fenToYuan, shortYuan, type Fen } from '../money.js';
import { inFullSpendScope, nextFullSpendTier, reachedSpendTier } from './full-spend.js';

/** One 满返 tier: spend `amount`, get `back` after completion; both fen. */
export interface CashbackTier {
  amount: Fen;
  back: Fen;
}

/** A running 满返: its tiers and scope (empty `goodsIds` = every goods). */
export interface Cashback {
  id: number;
  name: string;
  tiers: readonly CashbackTier[];
  goodsIds: readonly number[];
}

/** The `back` of the highest tier a positive `eligible` reaches, else 0. */
export function cashbackFor(tiers: readonly CashbackTier[], eligible: Fen): Fen {
  return eligible > 0 ? (reachedSpendTier(tiers, eligible)?.back ?? 0) : 0;
}

/**
 * The eligible amount of an order's (or a selection's) lines: what the lines in scope pay
 * after 满减, coupons and vouchers. Free gift lines pay 0 and add nothing.
 */
export function cashbackEligible(
  goodsIds: readonly number[],
  lines: readonly { goodsId: number; payAmount: Fen; isGift?: boolean }[],
): Fen {
  let sum = 0;
  for (const l of lines) if (!l.isGift && inFullSpendScope({ goodsIds }, l.goodsId)) sum += l.payAmount;
  return sum;
}

/**
 * What the cart and the check-order page show of the running 满返 for `eligible` fen: the tier
 * reached and its cashback, the next tier and how much more buys it, and one line of text
 * ('已满1000元，订单完成后返30元' / '再买¥200.00可返¥50').
 */
export function manfanProgress(cb: Cashback, eligible: Fen): ManfanProgressView {
  const sorted = [...cb.tiers].sort((a, b) => a.amount - b.amount);
  const paid = Math.max(0, eligible);
  const reached = paid > 0 ? reachedSpendTier(sorted, paid) : null;
  // The first tier above the one reached (the lowest when none is).
  const ahead = nextFullSpendTier(sorted, reached ? reached.amount : -1);
  const next = ahead?.tier ?? null;
  const missing = next ? next.amount - paid : 0;
  const parts: string[] = [];
  if (reached) parts.push(`已满${shortYuan(reached.amount)}元，订单完成后返${shortYuan(reached.back)}元`);
  if (next) parts.push(`再买¥${fenToYuan(missing)}可返¥${shortYuan(next.back)}`);
  return {
    id: cb.id,
    name: cb.name,
    eligible_amount: fenToYuan(paid),
    back: fenToYuan(reached?.back ?? 0),
    tiers: sorted.map((t) => ({
      amount: fenToYuan(t.amount),
      back: fenToYuan(t.back),
      status: reached && t.amount <= reached.amount ? 1 : 0,
      text: `满${shortYuan(t.amount)}返${shortYuan(t.back)}`,
    })),
    next: next
      ? { amount: fenToYuan(next.amount), back: fenToYuan(next.back), missing: fenToYuan(missing) }
      : null,
    text: parts.join('，'),
  };
}
