import { inArray, sql } from 'drizzle-orm';
import { GOODS_ZONE_LABELS, listingBan, type AdminGoodsBulk } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { business, invalid } from '../../platform/errors.js';
import { goodsBrief } from './admin-goods.js';
import { goods } from './schema.js';
import { categoryPath, inTransaction } from './write.js';

const VERBS = {
  on_sale: '上架',
  off_sale: '下架',
  move_category: '移动分类',
  set_zone: '加入专区',
  unset_zone: '移出专区',
} as const;

/**
 * `POST /api/admin/goods/bulk`: one change to many goods in one statement (and one
 * transaction). Returns the goods as they were and are (for the audit log) and a summary.
 */
export async function bulkGoods(db: Queryable, b: AdminGoodsBulk) {
  return inTransaction(db, async (tx) => {
    const ids = [...new Set(b.ids)];
    const before = await goodsBrief(tx, ids);
    if (before.length === 0) throw invalid('ids', '所选商品不存在');
    let set: Record<string, unknown>;
    let what = '';
    switch (b.action) {
      case 'on_sale':
      case 'off_sale':
        set = { onShelf: b.action === 'on_sale' };
        break;
      case 'move_category': {
        const path = await categoryPath(tx, b.category_id!);
        if (!path) throw invalid('category_id', '目标分类不存在');
        const ban = listingBan(path);
        if (ban) throw business(ban.message);
        set = { categoryId: b.category_id! };
        what = `到 ${path.join(' / ')}`;
        break;
      }
      case 'set_zone':
        set = {
          zones: sql`case when ${goods.zones} @> array[${b.zone!}]::text[] then ${goods.zones}
            else array_append(${goods.zones}, ${b.zone!}::text) end`,
        };
        what = GOODS_ZONE_LABELS[b.zone!];
        break;
      case 'unset_zone':
        set = { zones: sql`array_remove(${goods.zones}, ${b.zone!}::text)` };
        what = GOODS_ZONE_LABELS[b.zone!];
        break;
    }
    await tx
      .update(goods)
      .set({ ...set, updatedAt: sql`now()` })
      .where(
        inArray(
          goods.id,
          before.map((g) => g.id),
        ),
      );
    const after = await goodsBrief(tx, ids);
    const first = before[before.length - 1]!.name;
    const summary = `${VERBS[b.action]}${what ? ` ${what}` : ''}：${first}${before.length > 1 ? ` 等 ${before.length} 件商品` : ''}`;
    return { count: before.length, before, after, summary };
  });
}
