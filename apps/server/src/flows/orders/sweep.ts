import type { Db, Tx } from '../../platform/db.js';
import { claimOverdue } from '../../modules/order/lifecycle.js';
import { cancelLocked } from './cancel.js';
import { receiveLocked } from './receive.js';

/**
 * The background sweep: cancels unpaid orders past their deadline (releasing stock and
 * coupons) and completes shipped orders past the receipt period (sales and points). It reads
 * the database each time, so it survives restarts, and any number of instances may run it at
 * once: each transaction claims the next due order with `for update skip locked`, so a second
 * sweep passes over the order the first holds instead of waiting for it, and an order handled
 * and committed no longer matches. One order per transaction, not a batch: a batch would hold
 * its goods rows until its last order, stalling checkouts on them and risking a deadlock with
 * one (a checkout locks goods lowest id first, a batch's orders in no such order).
 */
export async function sweepOrders(db: Db, now: Date): Promise<{ expired: number; received: number }> {
  const expired = await drain(db, async (tx) => {
    const o = await claimOverdue(tx, 'unpaid', now);
    if (o) await cancelLocked(tx, o, 'expire', '超时未支付，系统自动取消', now);
    return o !== null;
  });
  const received = await drain(db, async (tx) => {
    const o = await claimOverdue(tx, 'shipped', now);
    if (o) await receiveLocked(tx, o, false, now);
    return o !== null;
  });
  return { expired, received };
}

/** Runs `step` in a transaction of its own until it finds nothing left; counts the ones it did. */
async function drain(db: Db, step: (tx: Tx) => Promise<boolean>): Promise<number> {
  let done = 0;
  while (await db.transaction(step)) done += 1;
  return done;
}
