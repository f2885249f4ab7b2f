import type { BuyAgainView, CartAddItem } from '@kc/domain';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { combinationsByIds } from '../../modules/activity/service.js';
import { addLeavingOut } from '../../modules/cart/add.js';
import { COMBINATION_KIND } from '../../modules/cart/load.js';
import { reorderLines } from '../../modules/order/read.js';

/**
 * `POST /api/order/{id}/buy_again`: puts the order's goods back in the cart at the same
 * quantities (combinations as combinations, gifts left out). What can no longer be bought
 * (delisted, out of scope, over stock or limit) is skipped with its reason; the rest is added.
 */
export async function buyAgain(db: Db, memberId: number, orderId: number, now: Date): Promise<BuyAgainView> {
  const lines = await reorderLines(db, memberId, orderId);
  if (lines.length === 0) throw notFound('订单不存在');
  const comboIds = [...new Set(lines.flatMap((l) => (l.combination_id ? [l.combination_id] : [])))];
  const combos = new Map((await combinationsByIds(db, comboIds, now)).map((c) => [c.id, c]));
  const items: (CartAddItem & { name: string })[] = [];
  for (const l of lines) {
    if (!l.combination_id) items.push({ goods_id: l.goods_id, number: l.number, name: l.name });
    else if (!items.some((i) => i.type === COMBINATION_KIND && i.goods_id === l.combination_id)) {
      const per = combos.get(l.combination_id)?.items.find((it) => it.goodsId === l.goods_id)?.number ?? 0;
      const sets = per > 0 ? Math.floor(l.number / per) : 0;
      items.push({
        goods_id: l.combination_id,
        number: Math.max(sets, 1),
        type: COMBINATION_KIND,
        name: l.combination_name,
      });
    }
  }
  const { result, leftOut } = await addLeavingOut(db, memberId, items, now, '商品已下架');
  const skipped: BuyAgainView['skipped'] = leftOut.map(({ item, reason }) => ({
    goods_id: item.goods_id,
    name: item.name,
    reason,
  }));
  return { added: result?.lines.length ?? 0, skipped };
}
