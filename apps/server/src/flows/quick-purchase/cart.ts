import { inArray } from 'drizzle-orm';
import type { QuickCartItem, QuickCartReply } from '@kc/domain';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { addToCart } from '../../modules/cart/add.js';
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
    const skipped: QuickCartReply['skipped'] = [];
    let left = items.map((i) => ({ goods_id: i.goods_id, number: i.number }));
    for (let round = 0; round < 3 && left.length > 0; round += 1) {
      try {
        const r = await addToCart(tx, memberId, left, now);
        return { added: r.lines.length, skipped, remembered, total: r.total };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const data = (err.data ?? {}) as {
          refused?: { goods_id: number; reason: string }[];
          goods_ids?: number[];
        };
        const out = new Map<number, string>([
          ...(data.refused ?? []).map((r) => [r.goods_id, r.reason] as const),
          ...(data.goods_ids ?? []).map((id) => [id, '商品不存在或已下架'] as const),
        ]);
        if (out.size === 0) throw err;
        for (const id of new Set(left.map((l) => l.goods_id)))
          if (out.has(id))
            skipped.push({ goods_id: id, name: names.get(id) ?? `商品${id}`, reason: out.get(id)! });
        left = left.filter((l) => !out.has(l.goods_id));
      }
    }
    return { added: 0, skipped, remembered, total: await cartTotal(tx, memberId) };
  });
}
