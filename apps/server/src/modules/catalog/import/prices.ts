import { sql } from 'drizzle-orm';
import { cellInt, cellLadder, cellYuan, ladderProblem, type LadderTier } from '@kc/domain';
import { rowsOf, type Queryable, type Tx } from '../../../platform/db.js';
import { goods } from '../schema.js';
import { updateByColumns } from './bulk-rows.js';
import type { Columns, RowReader } from './columns.js';
import { identifyGoods } from './identify.js';
import { loadLookups } from './lookup.js';
import type { Checked, ImportPlan } from './run.js';

type Key = 'goodsId' | 'name' | 'ypgg' | 'sccj' | 'warehouse' | 'price' | 'basePrice' | 'ladder' | 'qgNumber';

type PriceRow = { id: number } & Record<string, unknown>;

/**
 * The prices import (PRICE_COLUMNS): 会员价 for each named goods, and 零售价, 阶梯价 and 限购
 * when the file has those columns (a column the file lacks is left as it is).
 */
export async function pricesPlan(db: Queryable, columns: Columns): Promise<ImportPlan<PriceRow>> {
  const c = columns as Columns<Key>;
  const l = await loadLookups(db);
  const seen = new Map<number, number>();
  return {
    async check(batch) {
      const rows = batch as RowReader<Key>[];
      const found = await identifyGoods(db, l, rows);
      const ladders = c.has('ladder') ? new Map<number, LadderTier[]>() : await laddersOf(db, found);
      return rows.map((r, i): Checked<PriceRow> => {
        const g = found[i];
        const price = r.read('price', (t) => cellYuan(t, null), 0);
        if (r.text('price') && price <= 0) r.error('price', '必须大于0');
        const value: PriceRow = { id: g?.id ?? 0, price };
        if (c.has('basePrice')) value.basePrice = r.read('basePrice', (t) => cellYuan(t), 0);
        const ladder = c.has('ladder') ? r.read('ladder', cellLadder, []) : (ladders.get(g?.id ?? 0) ?? []);
        if (c.has('ladder')) {
          value.ladderPrice = ladder;
          value.ladderPriceType = ladder.length > 0 ? 1 : 0;
        }
        const problem = price > 0 ? ladderProblem(price, ladder) : null;
        if (problem) r.error(c.has('ladder') ? 'ladder' : 'price', problem);
        if (c.has('qgNumber')) value.qgNumber = r.read('qgNumber', (t) => cellInt(t, 0), 0);
        if (g) {
          const first = seen.get(g.id);
          if (first) r.error('goodsId', `与第${first}行是同一商品`);
          else seen.set(g.id, r.row);
        }
        return { value: g && r.errors.length === 0 ? value : null, action: 'update' };
      });
    },
    async write(tx: Tx, rows: PriceRow[]) {
      const updated = await updateByColumns(tx, goods, rows, [sql`updated_at = now()`]);
      return { created: 0, updated };
    },
  };
}

async function laddersOf(
  db: Queryable,
  found: ({ id: number } | null)[],
): Promise<Map<number, LadderTier[]>> {
  const ids = [...new Set(found.flatMap((g) => (g ? [g.id] : [])))];
  if (ids.length === 0) return new Map();
  const res = await db.execute(
    sql`select id, ladder_price as "ladder" from goods where id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(rowsOf<{ id: number; ladder: LadderTier[] }>(res).map((g) => [g.id, g.ladder]));
}
