import { inArray } from 'drizzle-orm';
import type { QuickCartItem, QuickCartReply } from '@kc/domain';
import type { Db } from '../../platform/db.js';
import { addLeavingOut } from '../../modules/cart/add.js';
import { rememberCodes } from '../../modules/cart/codes.js';
import { cartTotal } from '../../modules/cart/service.js';
import { goods } from '../../modules/catalog/schema.js';
import { candidatesByIds } from './goods.js';

/**
 * `POST /api/quick_buy/cart`: puts the list's chosen goods in the cart in one transaction
 * (the cart's own add, which merges with lines already there) and remembers the buyer's
 * codes for the goods chosen. A line the cart refuses (delisted, out of scope, out of stock,
 * over a limit) is skipped with its reason and the rest added, as buying an order again does.
 */
export async function quickAddToCart(
  db: Db,
  memberId: number,
  items: readonly QuickCartItem[],
  now: Date,
): Promise<QuickCartReply> {
  const ids = [...new Set(items.map((i) => i.goods_id))];
  const names = new Map(
    (await db.select({ id: goods.id, name: goods.name }).from(goods).where(inArray(goods.id, ids))).map(
      (g) => [g.id, g.name],
    ),
  );
  // Codes are remembered only for goods the buyer may see: another id teaches nothing.
  const visible = new Set((await candidatesByIds(db, memberId, ids)).map((g) => g.id));
  return db.transaction(async (tx) => {
    const remembered = await rememberCodes(
      tx,
      memberId,
      items.flatMap((i) =>
        i.code && visible.has(i.goods_id) ? [{ code: i.code, goodsId: i.goods_id }] : [],
      ),
      now,
    );
    const { result, leftOut } = await addLeavingOut(
      tx,
      memberId,
      items.map((i) => ({ goods_id: i.goods_id, number: i.number })),
      now,
      '商品不存在或已下架',
    );
    // One row a goods: a list may carry the same goods twice.
    const skipped: QuickCartReply['skipped'] = [];
    for (const { item, reason } of leftOut)
      if (!skipped.some((s) => s.goods_id === item.goods_id))
        skipped.push({
          goods_id: item.goods_id,
          name: names.get(item.goods_id) ?? `商品${item.goods_id}`,
          reason,
        });
    if (result) return { added: result.lines.length, skipped, remembered, total: result.total };
    return { added: 0, skipped, remembered, total: await cartTotal(tx, memberId) };
  });
}
