import { sql } from 'drizzle-orm';
import type { AvailableLot, LotDraw } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';

/**
 * Stock moved by orders: the goods and their lots are the catalogue's tables, so the order
 * journeys (flows/checkout, flows/orders) move units through these functions only.
 */

/** A goods row locked for an order, with what the order line keeps of it. */
export interface LockedGoods {
  id: number;
  name: string;
  ypgg: string;
  sccj: string;
  bzdw: string;
  approvalNo: string;
  image: string;
  ckId: number;
  warehouse: string;
  isHm: boolean;
  stock: number;
}

/**
 * Locks the goods rows (lowest id first, so two orders never wait on each other in a cycle)
 * and reads their stock and snapshot in one statement. Every stock change takes these locks
 * first (receipts in write.ts, orders, cancellations), so the lots below a locked goods
 * cannot change under the caller.
 */
export async function lockGoods(tx: Queryable, ids: readonly number[]): Promise<Map<number, LockedGoods>> {
  if (ids.length === 0) return new Map();
  const res = await tx.execute(sql`
    select g.id, g.name, g.ypgg, g.sccj, g.bzdw, g.approval_no as "approvalNo",
      coalesce(g.images[1], '') as image, g.ck_id as "ckId", coalesce(w.name, '') as warehouse,
      g.is_hm as "isHm", g.stock
    from goods g left join warehouses w on w.id = g.ck_id
    where g.id = any(${sql.param([...ids])}::int[])
    order by g.id
    for update of g`);
  return new Map(rowsOf<LockedGoods>(res).map((g) => [g.id, g]));
}

/** The lots with units left of these goods (the caller holds the goods locks). */
export async function availableLots(tx: Queryable, ids: readonly number[]): Promise<AvailableLot[]> {
  if (ids.length === 0) return [];
  const res = await tx.execute(sql`
    select id, goods_id as "goodsId", batch_no as "batchNo", expires_on::text as "expiresOn",
      produced_on::text as "producedOn", quantity
    from goods_lots
    where goods_id = any(${sql.param([...ids])}::int[]) and quantity > 0
    order by goods_id, expires_on, id`);
  return rowsOf<AvailableLot>(res);
}

/**
 * Takes drawn units out of their lots and the goods' stock: two statements whatever the number
 * of lines. `sign` -1 puts them back (a cancellation). Only unindexed columns change, so
 * PostgreSQL can update the goods rows in place (HOT) without touching the search indexes;
 * sales are counted when an order completes (addSales).
 */
export async function moveStock(tx: Queryable, draws: readonly LotDraw[], sign: 1 | -1 = 1): Promise<void> {
  if (draws.length === 0) return;
  const byLot = new Map<number, number>();
  const byGoods = new Map<number, number>();
  for (const d of draws) {
    byLot.set(d.lotId, (byLot.get(d.lotId) ?? 0) + d.number);
    byGoods.set(d.goodsId, (byGoods.get(d.goodsId) ?? 0) + d.number);
  }
  await tx.execute(sql`
    update goods_lots l set quantity = l.quantity - ${sign} * d.n
    from unnest(${sql.param([...byLot.keys()])}::int[], ${sql.param([...byLot.values()])}::int[]) as d(id, n)
    where l.id = d.id`);
  await tx.execute(sql`
    update goods g set stock = g.stock - ${sign} * d.n, updated_at = now()
    from unnest(${sql.param([...byGoods.keys()])}::int[], ${sql.param([...byGoods.values()])}::int[]) as d(id, n)
    where g.id = d.id`);
}

/**
 * Puts units back into the lots they came from (a cancelled order's draws): locks their goods,
 * then moves the stock back. The lots still exist: lots are never deleted.
 */
export async function putBackStock(tx: Queryable, draws: readonly LotDraw[]): Promise<void> {
  await lockGoods(
    tx,
    [...new Set(draws.map((d) => d.goodsId))].sort((a, b) => a - b),
  );
  await moveStock(tx, draws, -1);
}

/** Counts a completed order's units in the goods' sales (the list's 销量 sort). */
export async function addSales(
  tx: Queryable,
  sold: readonly { goodsId: number; number: number }[],
): Promise<void> {
  if (sold.length === 0) return;
  await tx.execute(sql`
    update goods g set sales = g.sales + s.n
    from unnest(${sql.param(sold.map((s) => s.goodsId))}::int[], ${sql.param(sold.map((s) => s.number))}::int[]) as s(id, n)
    where g.id = s.id`);
}
