import { cellInt } from '@kc/domain';
import type { Queryable } from '../../../platform/db.js';
import type { RowReader } from './columns.js';
import { goodsByIds, goodsBySku, productKey, type GoodsIdentity, type Lookups } from './lookup.js';

type IdKey = 'goodsId' | 'name' | 'ypgg' | 'sccj' | 'warehouse';

/**
 * Finds the goods each row of a lots or prices file names: by 商品ID, or by 通用名+规格+生产厂家
 * (and 仓库 when the product is stocked in several warehouses). Two statements a batch.
 * A row that names no goods, or an unknown one, gets an error and answers null.
 */
export async function identifyGoods(
  db: Queryable,
  l: Lookups,
  rows: RowReader<IdKey>[],
): Promise<(GoodsIdentity | null)[]> {
  const ids = rows.map((r) => (r.text('goodsId') ? r.read('goodsId', (t) => cellInt(t, 1), 0) : 0));
  const keys = rows.map((r) => ({ name: r.text('name'), ypgg: r.text('ypgg'), sccj: r.text('sccj') }));
  const [byId, bySku] = await Promise.all([
    goodsByIds(db, [...new Set(ids.filter((id) => id > 0))]),
    goodsBySku(
      db,
      keys.filter((k, i) => !ids[i] && k.name && k.ypgg && k.sccj),
    ),
  ]);
  return rows.map((r, i) => {
    const id = ids[i]!;
    if (r.text('goodsId')) {
      if (!id) return null;
      const g = byId.get(id);
      if (!g) r.error('goodsId', `商品ID ${id} 不存在`);
      return g ?? null;
    }
    const k = keys[i]!;
    if (!k.name || !k.ypgg || !k.sccj) {
      r.error('goodsId', '请填写商品ID，或填写通用名、规格和生产厂家');
      return null;
    }
    let found = bySku.get(productKey(k.name, k.ypgg, k.sccj)) ?? [];
    const wh = r.text('warehouse');
    if (wh) {
      const ckId = l.warehouseByName.get(wh);
      if (!ckId) {
        r.error('warehouse', `仓库“${wh}”不存在`);
        return null;
      }
      found = found.filter((g) => g.ckId === ckId);
    }
    if (found.length === 0) {
      r.error('name', `商品不存在：${k.name} ${k.ypgg} ${k.sccj}`);
      return null;
    }
    if (found.length > 1) {
      r.error('warehouse', '该商品在多个仓库，请填写仓库或商品ID');
      return null;
    }
    return found[0]!;
  });
}
