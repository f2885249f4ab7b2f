import { inArray, sql } from 'drizzle-orm';
import { fenToYuan, type ActivityGoodsRef } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { invalid } from '../../platform/errors.js';
import { goods } from '../catalog/schema.js';

/** The goods a rule names, with their list price in fen, by id (unknown ids are left out). */
export async function goodsByIds(
  db: Queryable,
  ids: Iterable<number>,
): Promise<Map<number, ActivityGoodsRef & { priceFen: number }>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: goods.id, name: goods.name, ypgg: goods.ypgg, sccj: goods.sccj, price: goods.price })
    .from(goods)
    .where(inArray(goods.id, wanted));
  return new Map(rows.map((g) => [g.id, { ...g, price: fenToYuan(g.price), priceFen: g.price }]));
}

/** The reference a view shows (without the fen price). */
export function goodsRef(g: (ActivityGoodsRef & { priceFen: number }) | undefined): ActivityGoodsRef | null {
  if (!g) return null;
  return { id: g.id, name: g.name, ypgg: g.ypgg, sccj: g.sccj, price: g.price };
}

/** Refuses (422) the first id that names no goods. */
export function requireGoods(found: Map<number, unknown>, ids: readonly number[], field: string): void {
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw invalid(field, `商品不存在（ID ${missing}）`);
}

/**
 * Coupon templates by id (the promotion module's table, read by SQL: activity ranks below
 * promotion and only reads it).
 */
export async function couponNames(db: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute(
    sql`select id, name from coupon_templates where id = any(${sql.param([...ids])}::int[])`,
  );
  return new Map(rowsOf<{ id: number; name: string }>(res).map((r) => [r.id, r.name]));
}
