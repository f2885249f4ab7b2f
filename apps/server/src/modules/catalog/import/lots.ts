import { sql } from 'drizzle-orm';
import { cellDate, cellInt, cellYuan } from '@kc/domain';
import { rowsOf, type Queryable, type Tx } from '../../../platform/db.js';
import { insertByColumns } from '../bulk.js';
import { goodsLots, stockMovements } from '../schema.js';
import type { Columns, RowReader } from './columns.js';
import { identifyGoods } from './identify.js';
import { loadLookups } from './lookup.js';
import type { Checked, ImportPlan, WriteContext } from './run.js';
import { serialDate } from './sheet.js';

type Key =
  | 'goodsId'
  | 'name'
  | 'ypgg'
  | 'sccj'
  | 'warehouse'
  | 'batchNo'
  | 'producedOn'
  | 'expiresOn'
  | 'quantity'
  | 'supplier'
  | 'unitCost';

interface LotRow {
  goodsId: number;
  batchNo: string;
  producedOn: string;
  expiresOn: string;
  quantity: number;
  supplier: string;
  unitCost: number;
}

interface LotKey {
  id: number;
  goodsId: number;
  batchNo: string;
  producedOn: string;
  expiresOn: string;
  quantity: number;
}

const lotKey = (goodsId: number, batchNo: string) => `${goodsId}\u0001${batchNo}`;

/** A date cell: text, or an Excel day number (a date cell read without styles). */
const dateCell = (t: string) => cellDate(serialDate(t) ?? t);

/**
 * The lots import (LOT_COLUMNS): each row receives units of a batch into stock. A batch the
 * goods already has (same 批号 and dates) is topped up; a new one becomes a lot. Every row
 * writes a stock_movements row of kind 'import' (ref = the job id) and the goods' stock moves in
 * the same transaction, under the goods' row locks.
 */
export async function lotsPlan(db: Queryable, columns: Columns): Promise<ImportPlan<LotRow>> {
  void columns;
  const l = await loadLookups(db);
  const seen = new Map<string, number>();
  return {
    async check(batch) {
      const rows = batch as RowReader<Key>[];
      const found = await identifyGoods(db, l, rows);
      const drafts = rows.map((r, i): LotRow => {
        const batchNo = r.required('batchNo', 50);
        const producedOn = r.read('producedOn', dateCell, '');
        const expiresOn = r.read('expiresOn', dateCell, '');
        if (producedOn && expiresOn && expiresOn <= producedOn)
          r.error('expiresOn', '有效期至必须晚于生产日期');
        const quantity = r.read('quantity', (t) => cellInt(t, 1, 0), 0);
        if (!r.text('quantity')) r.error('quantity', '不能为空');
        return {
          goodsId: found[i]?.id ?? 0,
          batchNo,
          producedOn,
          expiresOn,
          quantity,
          supplier: r.optional('supplier', 100),
          unitCost: r.read('unitCost', (t) => cellYuan(t), 0),
        };
      });
      const existing = await lotsByKey(
        db,
        drafts.filter((d) => d.goodsId && d.batchNo),
      );
      return drafts.map((d, i): Checked<LotRow> => {
        const r = rows[i]!;
        const old = existing.get(lotKey(d.goodsId, d.batchNo));
        if (
          old &&
          d.producedOn &&
          d.expiresOn &&
          (old.producedOn !== d.producedOn || old.expiresOn !== d.expiresOn)
        )
          r.error(
            'batchNo',
            `批号已存在，但生产日期或有效期与已有批次（${old.producedOn}至${old.expiresOn}）不一致`,
          );
        if (d.goodsId && d.batchNo) {
          const k = lotKey(d.goodsId, d.batchNo);
          const first = seen.get(k);
          if (first) r.error('batchNo', `与第${first}行是同一商品的同一批号`);
          else seen.set(k, r.row);
        }
        return { value: r.errors.length === 0 ? d : null, action: old ? 'update' : 'create' };
      });
    },

    async write(tx: Tx, rows: LotRow[], w: WriteContext) {
      const ids = [...new Set(rows.map((r) => r.goodsId))].sort((a, b) => a - b);
      // Locks first, lowest id first (as every stock change does: stock.ts lockGoods).
      const locked = rowsOf<{ id: number; stock: number }>(
        await tx.execute(sql`
          select id, stock from goods where id = any(${sql.param(ids)}::int[]) order by id for update`),
      );
      const stock = new Map(locked.map((g) => [g.id, g.stock]));
      const existing = await lotsByKey(tx, rows);
      const fresh = rows.filter((r) => !existing.has(lotKey(r.goodsId, r.batchNo)));
      const newIds = await insertByColumns(
        tx,
        goodsLots,
        fresh.map((r) => ({
          goodsId: r.goodsId,
          batchNo: r.batchNo,
          producedOn: r.producedOn,
          expiresOn: r.expiresOn,
          quantity: r.quantity,
          receivedQuantity: r.quantity,
          supplier: r.supplier,
          unitCost: r.unitCost,
          receivedAt: w.now.toISOString(),
          receivedBy: w.operatorId,
        })),
      );
      const lotIds = new Map(fresh.map((r, i) => [lotKey(r.goodsId, r.batchNo), newIds[i]!]));
      const topUps = rows.filter((r) => existing.has(lotKey(r.goodsId, r.batchNo)));
      if (topUps.length > 0) {
        await tx.execute(sql`
          update goods_lots l set quantity = l.quantity + d.n, received_quantity = l.received_quantity + d.n
          from unnest(${sql.param(topUps.map((r) => existing.get(lotKey(r.goodsId, r.batchNo))!.id))}::int[],
            ${sql.param(topUps.map((r) => r.quantity))}::int[]) as d(id, n)
          where l.id = d.id`);
      }
      const ledger = rows.map((r) => {
        const k = lotKey(r.goodsId, r.batchNo);
        const old = existing.get(k);
        const after = (stock.get(r.goodsId) ?? 0) + r.quantity;
        stock.set(r.goodsId, after);
        return {
          goodsId: r.goodsId,
          lotId: old ? old.id : lotIds.get(k)!,
          kind: 'import',
          quantity: r.quantity,
          stockAfter: after,
          lotAfter: (old?.quantity ?? 0) + r.quantity,
          reason: '表格导入',
          ref: w.job,
          operatorId: w.operatorId,
          createdAt: w.now.toISOString(),
        };
      });
      await insertByColumns(tx, stockMovements, ledger);
      await tx.execute(sql`
        update goods g set stock = d.stock, updated_at = now()
        from unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => stock.get(id) ?? 0))}::int[]) as d(id, stock)
        where g.id = d.id`);
      return { created: fresh.length, updated: topUps.length };
    },
  };
}

async function lotsByKey(
  db: Queryable,
  keys: { goodsId: number; batchNo: string }[],
): Promise<Map<string, LotKey>> {
  if (keys.length === 0) return new Map();
  const res = await db.execute(sql`
    select l.id, l.goods_id as "goodsId", l.batch_no as "batchNo", l.produced_on::text as "producedOn",
      l.expires_on::text as "expiresOn", l.quantity
    from unnest(${sql.param(keys.map((k) => k.goodsId))}::int[], ${sql.param(keys.map((k) => k.batchNo))}::text[])
      as k(goods_id, batch_no)
    join goods_lots l on l.goods_id = k.goods_id and l.batch_no = k.batch_no
    order by l.id`);
  const out = new Map<string, LotKey>();
  // Two lots of one batch (received apart before this import): the first is topped up.
  for (const lot of rowsOf<LotKey>(res))
    if (!out.has(lotKey(lot.goodsId, lot.batchNo))) out.set(lotKey(lot.goodsId, lot.batchNo), lot);
  return out;
}
