import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.js';
import { buyerItemCodes } from './schema.js';

/** The goods each of these codes stood for when the member last chose (codes not known are absent). */
export async function goodsByCodes(
  db: Queryable,
  memberId: number,
  codes: readonly string[],
): Promise<Map<string, number>> {
  const wanted = [...new Set(codes.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ code: buyerItemCodes.code, goodsId: buyerItemCodes.goodsId })
    .from(buyerItemCodes)
    .where(and(eq(buyerItemCodes.memberId, memberId), inArray(buyerItemCodes.code, wanted)));
  return new Map(rows.map((r) => [r.code, r.goodsId]));
}

/**
 * Remembers the member's code → goods choices in one statement (a later choice of the same
 * code replaces the earlier one). Answers how many pairs were written.
 */
export async function rememberCodes(
  db: Queryable,
  memberId: number,
  pairs: readonly { code: string; goodsId: number }[],
  now: Date,
): Promise<number> {
  const byCode = new Map(pairs.filter((p) => p.code).map((p) => [p.code, p.goodsId]));
  if (byCode.size === 0) return 0;
  await db
    .insert(buyerItemCodes)
    .values([...byCode].map(([code, goodsId]) => ({ memberId, code, goodsId, updatedAt: now })))
    .onConflictDoUpdate({
      target: [buyerItemCodes.memberId, buyerItemCodes.code],
      set: { goodsId: sql`excluded.goods_id`, updatedAt: sql`excluded.updated_at` },
    });
  return byCode.size;
}
