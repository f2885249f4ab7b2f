import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db.js';
import { payments } from './schema.js';
import { newPaymentNo } from './service.js';

/**
 * Records a confirmed bank transfer (对公转账) of an order as paid: the member's open offline
 * payment when there is one, else a new paid payment. `note` is the bank's reference. The
 * caller holds the order's lock and marks the order paid (flows/fulfilment/fulfilment.ts).
 */
export async function recordOfflinePayment(
  tx: Tx,
  o: { id: number; memberId: number; payable: number },
  note: string,
  now: Date,
): Promise<void> {
  const updated = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update payments set status = 'paid', paid_at = ${now}, trade_no = ${note}
      where id = (select id from payments where order_id = ${o.id} and method = 'offline' and status = 'pending'
        order by id desc limit 1)
      returning id`),
  );
  if (updated.length > 0) return;
  await tx.insert(payments).values({
    paymentNo: newPaymentNo(),
    orderId: o.id,
    memberId: o.memberId,
    method: 'offline',
    amount: o.payable,
    status: 'paid',
    tradeNo: note,
    createdAt: now,
    paidAt: now,
  });
}
