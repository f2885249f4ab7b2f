/**
 * The money side of an order's 满返 cashback (docs/api/activity.md), each step inside the
 * caller's transaction with the order already locked (so two completions, or a completion
 * and a return, never judge the same cashback at once): credited on completion, cancelled
 * with the order, taken back by a return refund.
 */
import { fenToYuan, yuanToFen } from '@kc/domain';
import type { Tx } from '../../platform/db.js';
import {
  cancelCashback,
  cashbackAfterReturn,
  lockCashback,
  markCashbackCredited,
  recordReversal,
} from '../../modules/activity/cashback.js';
import type { LockedOrder } from '../../modules/order/lifecycle.js';
import { addEvent } from '../../modules/order/write.js';
import { changeBalance, userMoney } from '../../modules/wallet/service.js';

/**
 * The order completed: its pending cashback is credited to the balance (money log 6 满返返现)
 * and marked credited; one that returns brought to 0 is cancelled. Returns the fen credited.
 */
export async function creditCashback(tx: Tx, o: LockedOrder, now: Date): Promise<number> {
  const c = await lockCashback(tx, o.id);
  if (!c || c.status !== 'pending') return 0;
  if (c.amount <= 0) {
    await cancelCashback(tx, o.id);
    return 0;
  }
  await changeBalance(
    tx,
    o.memberId,
    c.amount,
    { useType: 6, orderId: o.id, orderNo: o.orderNo, remark: `满返返现 ${c.activityName || o.orderNo}` },
    now,
  );
  await markCashbackCredited(tx, c.id, now);
  await addEvent(tx, o.id, 'cashback', `满返返现${fenToYuan(c.amount)}元已存入账户余额`, 'system', now);
  return c.amount;
}

/** The order is cancelled before completion: its pending cashback will never be credited. */
export function dropCashback(tx: Tx, orderId: number): Promise<void> {
  return cancelCashback(tx, orderId);
}

/**
 * A return was refunded (its lines already counted as returned, the refund already on the
 * balance, whose amount after it is `balance` when known): the cashback is judged again on
 * what the order still pays in scope. Pending, it shrinks to the new tier's. Credited, what the
 * order no longer earns is taken back (money log 7 满返扣回), but never more than the balance
 * holds: the balance never goes negative, and the shortfall is written on the order's
 * timeline (a later return tries again for it). Returns the fen taken back.
 */
export async function takeBackCashback(
  tx: Tx,
  o: LockedOrder,
  returnNo: string,
  balance: number | null,
  now: Date,
): Promise<number> {
  const judged = await cashbackAfterReturn(tx, o.id);
  if (!judged || judged.takeBack <= 0) return 0;
  const held = balance ?? yuanToFen((await userMoney(tx, o.memberId)).balance);
  const take = Math.min(judged.takeBack, Math.max(0, held));
  const short = judged.takeBack - take;
  if (take > 0) {
    await changeBalance(
      tx,
      o.memberId,
      -take,
      { useType: 7, orderId: o.id, orderNo: o.orderNo, remark: `满返扣回 退货${returnNo}` },
      now,
    );
    await recordReversal(tx, judged.cashback.id, take);
  }
  const text =
    short > 0
      ? `退货${returnNo}：满返应扣回${fenToYuan(judged.takeBack)}元，账户余额不足，已扣回${fenToYuan(take)}元，差额${fenToYuan(short)}元未扣回`
      : `退货${returnNo}：满返返现扣回${fenToYuan(take)}元`;
  await addEvent(tx, o.id, 'cashback_reversed', text, 'system', now);
  return take;
}
