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

/** Why units moved, for the stock ledger (`stock_movements`). */
export interface StockNote {
  kind: 'sale' | 'cancel' | 'return' | 'reallocate';
  /** The order number (or return id) that moved them. */
  ref: string;
  /** The operator who did it; null for a buyer or a background job. */
  operatorId?: number | null;
  reason?: string;
}

/**
 * Takes drawn units out of their lots and the goods' stock and writes the ledger rows, in ONE
 * statement whatever the number of lines (a data-modifying CTE: the lots, then the goods, then
 * one ledger row a lot). `sign` -1 puts them back (a cancellation). Only unindexed goods
 * columns change, so PostgreSQL can update the goods rows in place (HOT) without touching the
 * search indexes; sales are counted when an order completes (addSales). Each ledger row's
 * `stock_after` is the goods' stock after that lot's movement (lots in id order).
 */
export async function moveStock(
  tx: Queryable,
  draws: readonly LotDraw[],
  sign: 1 | -1 = 1,
  note: StockNote = { kind: sign === 1 ? 'sale' : 'cancel', ref: '' },
): Promise<void> {
  if (draws.length === 0) return;
  const byLot = new Map<number, { goodsId: number; n: number }>();
  for (const d of draws) {
    const had = byLot.get(d.lotId);
    byLot.set(d.lotId, { goodsId: d.goodsId, n: (had?.n ?? 0) + d.number });
  }
  const lots = [...byLot.keys()];
  const moved = [...byLot.values()];
  await tx.execute(sql`
    with d as (
      select * from unnest(${sql.param(lots)}::int[], ${sql.param(moved.map((m) => m.goodsId))}::int[],
        ${sql.param(moved.map((m) => m.n))}::int[]) as d(lot_id, goods_id, n)
    ),
    l as (
      update goods_lots l set quantity = l.quantity - ${sign} * d.n
      from d where l.id = d.lot_id
      returning l.id, l.goods_id, l.quantity
    ),
    g as (
      update goods g set stock = g.stock - ${sign} * s.n, updated_at = now()
      from (select goods_id, sum(n)::int as n from d group by goods_id) as s
      where g.id = s.goods_id
      returning g.id, g.stock
    )
    insert into stock_movements (goods_id, lot_id, kind, quantity, stock_after, lot_after, reason, ref, operator_id)
    select l.goods_id, l.id, ${note.kind}, ${-sign} * d.n,
      g.stock + ${sign} * coalesce(sum(d.n) over (partition by l.goods_id order by l.id
        rows between 1 following and unbounded following), 0)::int,
      l.quantity, ${note.reason ?? ''}, ${note.ref}, ${note.operatorId ?? null}::int
    from l join d on d.lot_id = l.id join g on g.id = l.goods_id
    order by l.goods_id, l.id`);
}

/**
 * Puts units back into the lots they came from (a cancelled order's draws): locks their goods,
 * then moves the stock back with a 'cancel' ledger row each. The lots still exist: lots are
 * never deleted.
 */
export async function putBackStock(
  tx: Queryable,
  draws: readonly LotDraw[],
  note: Omit<StockNote, 'kind'> & { kind?: StockNote['kind'] } = { ref: '' },
): Promise<void> {
  if (draws.length === 0) return;
  await lockGoods(
    tx,
    [...new Set(draws.map((d) => d.goodsId))].sort((a, b) => a - b),
  );
  await moveStock(tx, draws, -1, { kind: 'cancel', ...note });
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
