/**
 * 满返 cashback (docs/api/activity.md "满返 cashback"): the `cashbacks` rows; the tier rule and
 * the progress a selection shows are packages/domain's (pricing/cashback.ts). The money itself moves in the flows (placement,
 * completion, cancel, return refund), which compose this with the wallet.
 */
import { sql, type SQL } from 'drizzle-orm';
import { cashbackFor, type CashbackTier, type Fen } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';

/** A placed order's pending cashback, as placement records it. */
export interface NewCashback {
  orderId: number;
  memberId: number;
  activityId: number;
  eligible: Fen;
  tiers: readonly CashbackTier[];
  amount: Fen;
  now: Date;
}

/** The statement recording a placed order's cashback 'pending' (placement runs it in its last statement). */
export function pendingCashbackSql(c: NewCashback): SQL {
  const tiers = JSON.stringify(c.tiers.map((t) => ({ amount: t.amount, back: t.back })));
  return sql`insert into cashbacks (order_id, member_id, activity_id, eligible_amount, tiers, amount, status, created_at)
    values (${c.orderId}, ${c.memberId}, ${c.activityId}, ${c.eligible}, ${tiers}::jsonb, ${c.amount}, 'pending', ${c.now})`;
}

/** An order's cashback row, locked. */
export interface LockedCashback {
  id: number;
  orderId: number;
  memberId: number;
  activityId: number;
  /** The activity's name ('' when it is gone). */
  activityName: string;
  eligibleAmount: Fen;
  tiers: CashbackTier[];
  amount: Fen;
  reversed: Fen;
  status: 'pending' | 'credited' | 'cancelled';
}

/** Locks an order's cashback row (`for update`); null when the order earned none. */
export async function lockCashback(tx: Queryable, orderId: number): Promise<LockedCashback | null> {
  const [row] = rowsOf<LockedCashback>(
    await tx.execute(sql`
      select c.id, c.order_id as "orderId", c.member_id as "memberId", c.activity_id as "activityId",
        coalesce((select a.name from activities a where a.id = c.activity_id), '') as "activityName",
        c.eligible_amount as "eligibleAmount", c.tiers, c.amount, c.reversed, c.status
      from cashbacks c where c.order_id = ${orderId} for update`),
  );
  if (!row) return null;
  const tiers = typeof row.tiers === 'string' ? (JSON.parse(row.tiers) as CashbackTier[]) : row.tiers;
  return { ...row, tiers };
}

/** pending → credited (the caller has moved the money in the same transaction). */
export async function markCashbackCredited(tx: Queryable, id: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update cashbacks set status = 'credited', credited_at = ${now} where id = ${id} and status = 'pending'`,
  );
}

/**
 * pending → cancelled: the order was cancelled before completion, or nothing is left to
 * credit. One statement, under the row's lock; a credited cashback is left alone.
 */
export async function cancelCashback(tx: Queryable, orderId: number): Promise<void> {
  await tx.execute(
    sql`update cashbacks set status = 'cancelled' where order_id = ${orderId} and status = 'pending'`,
  );
}

/**
 * What the order's units returned and refunded so far paid, in the 满返 scope (the
 * activity's goods now; every goods when it has none or is gone). Per line it is the
 * refunds' running total (lineRefund telescopes to ⌊pay × returned / number⌋).
 */
async function returnedInScope(tx: Queryable, c: LockedCashback): Promise<Fen> {
  const [row] = rowsOf<{ returned: number | string }>(
    await tx.execute(sql`
      with scope as (select coalesce((select goods_ids from activities where id = ${c.activityId}), '{}'::int[]) as ids)
      select coalesce(sum(l.pay_amount::bigint * l.returned_number / l.number), 0)::int as returned
      from order_lines l, scope s
      where l.order_id = ${c.orderId} and not l.is_gift and l.returned_number > 0 and l.number > 0
        and (cardinality(s.ids) = 0 or l.goods_id = any(s.ids))`),
  );
  return Number(row?.returned ?? 0);
}

/** What a return refund does to the order's cashback. */
export interface CashbackAfterReturn {
  cashback: LockedCashback;
  /** The cashback the order still earns: the tier of its eligible amount less the returned. */
  due: Fen;
  /** Credited already: what to take back from the balance (never below 0). Pending: 0. */
  takeBack: Fen;
}

/**
 * Judges the order's cashback again after a return refund (the refund's lines already
 * counted as returned): a pending one is set to what the order still earns; a credited one
 * answers what to take back, which the flow debits and records with recordReversal. Null
 * when the order has no cashback, or it was cancelled.
 */
export async function cashbackAfterReturn(
  tx: Queryable,
  orderId: number,
): Promise<CashbackAfterReturn | null> {
  const c = await lockCashback(tx, orderId);
  if (!c || c.status === 'cancelled') return null;
  const returned = await returnedInScope(tx, c);
  const due = cashbackFor(c.tiers, c.eligibleAmount - returned);
  if (c.status === 'pending') {
    if (due !== c.amount) await tx.execute(sql`update cashbacks set amount = ${due} where id = ${c.id}`);
    return { cashback: { ...c, amount: due }, due, takeBack: 0 };
  }
  return { cashback: c, due, takeBack: Math.max(0, c.amount - c.reversed - due) };
}

/** Adds what a return took back from the balance (money log 7) to the cashback's `reversed`. */
export async function recordReversal(tx: Queryable, id: number, taken: Fen): Promise<void> {
  if (taken > 0) await tx.execute(sql`update cashbacks set reversed = reversed + ${taken} where id = ${id}`);
}
