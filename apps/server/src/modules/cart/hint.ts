import { fenToYuan, type NextHintView } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { loadCart } from './load.js';
import { priceLoaded } from './state.js';

/** `POST /api/cart/next_hint`: the next full-spend tier for the selection. */
export async function nextHint(
  db: Queryable,
  memberId: number,
  ids: number[] | undefined,
  now: Date,
): Promise<NextHintView> {
  const cart = await loadCart(db, memberId, now);
  const priced = priceLoaded(cart, now, ids ? new Set(ids) : undefined);
  const fs = cart.running.fullSpend;
  const next = priced.nextTier;
  const text = !fs
    ? '暂无满减活动'
    : next
      ? `再买${fenToYuan(next.missing)}元可享满${fenToYuan(next.tier.amount)}减${fenToYuan(next.tier.reduce)}`
      : `已享最高满减，立减${fenToYuan(priced.fullSpendReduction)}元`;
  return {
    activity: fs ? { id: fs.id, name: fs.name } : null,
    eligible_amount: fenToYuan(priced.fullSpendEligible),
    reduce_amount: fenToYuan(priced.fullSpendReduction),
    next: next
      ? {
          amount: fenToYuan(next.tier.amount),
          reduce: fenToYuan(next.tier.reduce),
          missing: fenToYuan(next.missing),
        }
      : null,
    text,
  };
}
