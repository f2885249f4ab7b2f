import { pointsForOrder } from '@kc/domain';
import type { Db, Tx } from '../../platform/db.js';
import { addSales } from '../../modules/catalog/service.js';
import { assertAllowed, lockOrder, markReceived, type LockedOrder } from '../../modules/order/lifecycle.js';
import { soldUnits } from '../../modules/order/stock.js';
import { changePoints } from '../../modules/wallet/service.js';
import { creditCashback } from './cashback.js';

/**
 * `POST /api/order/{id}/receive`: the buyer confirms receipt (or, without `memberId`, the
 * receipt period ran out). One transaction: the order locked, then receiveLocked.
 */
export async function receiveOrder(db: Db, orderId: number, now: Date, memberId?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId, memberId);
    await receiveLocked(tx, o, memberId !== undefined, now);
  });
}

/**
 * Completes a locked shipped order: completed with its points (order), its units counted in
 * the goods' sales (catalog), the points awarded and its 满返 cashback credited (wallet,
 * activity). `byMember` false: the receipt period ran out (the sweep).
 */
export async function receiveLocked(tx: Tx, o: LockedOrder, byMember: boolean, now: Date): Promise<void> {
  const to = assertAllowed(o, 'receive');
  const points = pointsForOrder(o.paidAmount - o.shippingAmount - o.refundedAmount);
  await markReceived(tx, o, to, points, byMember, now);
  await addSales(tx, await soldUnits(tx, o.id));
  if (points > 0) await changePoints(tx, o.memberId, points, `订单${o.orderNo}完成`, o.id, now);
  await creditCashback(tx, o, now);
}
