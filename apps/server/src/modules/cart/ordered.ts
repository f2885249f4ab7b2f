import { sql, type SQL } from 'drizzle-orm';

/**
 * The lines an order took leave the cart: a DELETE that the checkout flow sends inside the
 * statement that also ties the order to its idempotency key (one round trip, decision 040).
 */
export function removeOrderedLinesSql(memberId: number, lineIds: readonly number[]): SQL {
  return sql`delete from cart_lines where member_id = ${memberId} and id = any(${sql.param([...lineIds])}::int[])`;
}
