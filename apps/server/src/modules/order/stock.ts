import { sql } from 'drizzle-orm';
import type { LotDraw } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';

/**
 * The units an order drew from the lots (its order_line_lots), for putting them back when it
 * is cancelled (catalog `putBackStock`).
 */
export async function orderDraws(tx: Queryable, orderId: number): Promise<LotDraw[]> {
  const res = await tx.execute(sql`
    select lot_id as "lotId", goods_id as "goodsId", batch_no as "batchNo", expires_on::text as "expiresOn",
      produced_on::text as "producedOn", number
    from order_line_lots where order_id = ${orderId}`);
  return rowsOf<LotDraw>(res);
}

/** The units a completed order sold per goods, net of returns (catalog `addSales` counts them). */
export async function soldUnits(
  tx: Queryable,
  orderId: number,
): Promise<{ goodsId: number; number: number }[]> {
  const res = await tx.execute(sql`
    select goods_id as "goodsId", sum(number - returned_number)::int as number from order_lines
    where order_id = ${orderId} group by goods_id`);
  return rowsOf<{ goodsId: number; number: number }>(res);
}
