import type { Db } from '../../platform/db.js';
import { lockOrder, overdueShipped, overdueUnpaid } from '../../modules/order/lifecycle.js';
import { cancelLocked } from './cancel.js';
import { receiveOrder } from './receive.js';

/**
 * The background sweep: cancels unpaid orders past their deadline (releasing stock and
 * coupons) and completes shipped orders past the receipt period. It reads the database
 * each time, so it survives restarts; each order is its own transaction, skipped when
 * another process holds it.
 */
export async function sweepOrders(
  db: Db,
  now: Date,
  limit = 100,
): Promise<{ expired: number; received: number }> {
  let expired = 0;
  for (const id of await overdueUnpaid(db, now, limit)) {
    const done = await db.transaction(async (tx) => {
      const o = await lockOrder(tx, id);
      if (o.status !== 0 || o.expiresAt > now) return false;
      await cancelLocked(tx, o, 'expire', '超时未支付，系统自动取消', now);
      return true;
    });
    if (done) expired += 1;
  }
  const late = await overdueShipped(db, now, limit);
  for (const id of late) await receiveOrder(db, id, now);
  return { expired, received: late.length };
}
