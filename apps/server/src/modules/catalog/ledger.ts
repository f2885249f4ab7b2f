import { sql, type SQL } from 'drizzle-orm';
import {
  STOCK_MOVEMENT_LABELS,
  paginate,
  parseChinaTime,
  type AdminStockLedgerQuery,
  type LedgerKind,
  type Paginated,
  type StockMovementRow,
} from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';

/**
 * The stock ledger (`stock_movements`): every movement of units into or out of a lot. Rows are
 * written where the units move — addLot ('receive'), createGoodsBulk ('opening' / 'import'),
 * moveStock ('sale', 'cancel', 'reallocate'), adjustLot ('adjust') — so that a goods' stock is
 * always the sum of its rows.
 */

const DAY_MS = 86_400_000;

/** `GET /api/admin/stock_ledger`: newest first, with the goods' name and the lot's batch. */
export async function listLedger(
  db: Queryable,
  q: AdminStockLedgerQuery,
): Promise<Paginated<StockMovementRow>> {
  const conds: SQL[] = [];
  if (q.goods_id) conds.push(sql`m.goods_id = ${q.goods_id}`);
  if (q.lot_id) conds.push(sql`m.lot_id = ${q.lot_id}`);
  if (q.kind) conds.push(sql`m.kind = ${q.kind}`);
  // China days: [from 00:00, to + 1 day 00:00) China time.
  if (q.from) conds.push(sql`m.created_at >= ${new Date(parseChinaTime(q.from)).toISOString()}::timestamptz`);
  if (q.to)
    conds.push(sql`m.created_at < ${new Date(parseChinaTime(q.to) + DAY_MS).toISOString()}::timestamptz`);
  const where = conds.length ? sql.join(conds, sql` and `) : sql`true`;
  type Row = Omit<StockMovementRow, 'kind_name' | 'created_at'> & { created_at: Date | string; n: number };
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select m.id, m.goods_id, coalesce(g.name, '') as goods_name, coalesce(g.ypgg, '') as ypgg, m.lot_id,
        coalesce(l.batch_no, '') as batch_no, m.kind, m.quantity, m.stock_after, m.lot_after, m.reason, m.ref,
        coalesce(o.name, '') as operator, m.created_at, count(*) over ()::int as n
      from stock_movements m
      left join goods g on g.id = m.goods_id
      left join goods_lots l on l.id = m.lot_id
      left join operators o on o.id = m.operator_id
      where ${where}
      order by m.id desc
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  const total = rows.length
    ? Number(rows[0]!.n)
    : Number(
        rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from stock_movements m where ${where}`),
        )[0]?.n ?? 0,
      );
  return paginate(
    rows.map(({ n: _n, ...r }) => ({
      ...r,
      kind_name: STOCK_MOVEMENT_LABELS[r.kind as LedgerKind] ?? r.kind,
      created_at: new Date(r.created_at).toISOString(),
    })),
    total,
    q,
  );
}

/** Sum of a goods' ledger, its stock and the sum of its lots (what the invariant test compares). */
export async function ledgerBalance(db: Queryable, goodsId: number) {
  const [row] = rowsOf<{ ledger: number; stock: number; lots: number }>(
    await db.execute(sql`
      select (select coalesce(sum(quantity), 0)::int from stock_movements where goods_id = ${goodsId}) as ledger,
        (select stock from goods where id = ${goodsId}) as stock,
        (select coalesce(sum(quantity), 0)::int from goods_lots where goods_id = ${goodsId}) as lots`),
  );
  return row!;
}
