import { sql } from 'drizzle-orm';
import { chinaDate, chinaDateTime, ORDER_STATUS_TEXT } from '@kc/domain';
import { rowsOf, type Db } from '../../platform/db.js';
import { business } from '../../platform/errors.js';
import { postMessage } from '../account/messages.js';
import { confirmAllocationOnShip } from './allocation.js';
import { assertAllowed, lockOrder } from './lifecycle.js';
import { addEvent, setStatus } from './write.js';

/**
 * `POST /api/admin/orders/{id}/ship`: a paid order leaves with its carrier and tracking number.
 * Lots nobody confirmed are confirmed as drawn (FEFO) and the timeline says so; a lot that has
 * expired since the order drew it is refused (GSP: never ship an expired batch). The buyer's
 * logistics timeline starts and the buyer gets a message. Returns what the audit log records.
 */
export async function shipByOperator(
  db: Db,
  orderId: number,
  carrier: string,
  trackingNo: string,
  /** null: the command line, which ships as the warehouse does but with no operator account. */
  operatorId: number | null,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId);
    const to = assertAllowed(o, 'ship');
    const [expired] = rowsOf<{ name: string; batch_no: string }>(
      await tx.execute(sql`select l.name, x.batch_no from order_line_lots x join order_lines l on l.id = x.order_line_id
        where x.order_id = ${o.id} and x.expires_on <= ${chinaDate(now)}::date order by x.id limit 1`),
    );
    if (expired) throw business(`${expired.name}的批号${expired.batch_no}已过期，请先重新分配批号`);
    const autoAllocated = await confirmAllocationOnShip(tx, o.id, operatorId, now);
    if (autoAllocated)
      await addEvent(tx, o.id, 'allocated', '发货时自动确认批号（按效期先出，未人工调整）', 'operator', now);
    await setStatus(tx, o.id, o.status, { status: to, carrier, trackingNo, shippedAt: now });
    await addEvent(tx, o.id, 'shipped', `仓库已发货，${carrier} 运单号 ${trackingNo}`, 'operator', now, true);
    await postMessage(
      tx,
      o.memberId,
      'order',
      '订单已发货',
      `您的订单${o.orderNo}已由${carrier}发出，运单号${trackingNo}。`,
      now,
    );
    return {
      orderNo: o.orderNo,
      autoAllocated,
      before: { status: ORDER_STATUS_TEXT[o.status] },
      after: {
        status: ORDER_STATUS_TEXT[to],
        carrier,
        tracking_no: trackingNo,
        shipped_at: chinaDateTime(now),
      },
    };
  });
}
