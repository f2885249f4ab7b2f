import { and, eq } from 'drizzle-orm';
import { checkQuantity, priceCart } from '@kc/domain';
import type { Db } from '../../platform/db.js';
import { AppError, invalid } from '../../platform/errors.js';
import { combinationsByIds, runningActivities } from '../activity/service.js';
import { purchaseBlocks } from '../compliance/service.js';
import { COMBINATION_KIND, lineInput, type LoadedLine } from './load.js';
import { storedLines } from './lines-query.js';
import { cartLines } from './schema.js';
import { lineView, type CartLineView } from './view.js';

/** What an edit replies: the line repriced alone, and `action` 1 so the client reloads the totals. */
export interface EditResult {
  action: 1;
  line: CartLineView;
}

const notInCart = (id: number) => new AppError('notFound', '购物车中没有该商品', undefined, { ids: [id] });

/**
 * `POST api/cart/{id}/edit`: sets a line's quantity. The line, its goods, the running
 * promotions and the compliance state are read first; the quantity rules and the compliance
 * check refuse before anything is written; then one UPDATE (atomic, row-locked) stores it.
 * The cost is that of one line whatever the cart's size: the reply carries the line repriced
 * (unit price, tiers, tags, gift) and `action: 1`; the cart-wide figures (full-spend shares,
 * shipping, totals) come with the list the client reloads (SPEC §4 action flag).
 */
export async function editLine(
  db: Db,
  memberId: number,
  id: number,
  wanted: number,
  now: Date,
): Promise<EditResult> {
  if (!Number.isInteger(wanted) || wanted <= 0) {
    throw invalid('number', Number.isInteger(wanted) ? '购买数量必须大于0' : '购买数量必须是整数');
  }
  // The running promotions depend only on the time: read them beside the line.
  const [[stored], running] = await Promise.all([storedLines(db, memberId, id), runningActivities(db, now)]);
  if (!stored) throw notInCart(id);
  const row = stored.row;
  const combo = row.kind === COMBINATION_KIND;
  // Goods lines: the compliance check now; a combination needs its items first.
  const blocksOf = (goods: { goodsId: number; number: number }[]) => purchaseBlocks(db, memberId, goods, now);
  const own = [{ goodsId: row.itemId, number: wanted }];
  const [combos, ownBlocks] = await Promise.all([
    combinationsByIds(db, combo ? [row.itemId] : [], now),
    combo ? Promise.resolve(null) : blocksOf(own),
  ]);
  const combination = combos[0] ?? null;
  const wantedGoods = combination
    ? combination.items.map((it) => ({ goodsId: it.goodsId, number: it.number * wanted }))
    : own;
  const blocks = ownBlocks ?? (await blocksOf(wantedGoods));
  const block = wantedGoods.map((w) => blocks.get(w.goodsId)).find(Boolean) ?? null;
  if (block) throw new AppError('business', block.reason, undefined, { block });
  const line: LoadedLine = { ...stored, combination, block: null };
  const input = lineInput(line, running, now);
  const check = checkQuantity(wanted, input.goods);
  if (!check.ok) {
    if (check.problem === 'over_limit' || check.problem === 'over_stock')
      throw new AppError('business', check.message);
    throw invalid('number', check.message);
  }
  // One statement (atomic, it takes the row lock): what will be bought, rounded up to a case.
  const [updated] = await db
    .update(cartLines)
    .set({ number: check.number, updatedAt: now })
    .where(and(eq(cartLines.memberId, memberId), eq(cartLines.id, id)))
    .returning({ number: cartLines.number });
  if (!updated) throw notInCart(id);
  row.number = updated.number;
  const priced = priceCart([{ ...input, quantity: row.number }], {
    now: now.getTime(),
    fullSpend: null,
    discount: running.discount,
  });
  const p = priced.lines[0];
  if (!p) throw notInCart(id);
  return { action: 1, line: lineView(line, p) };
}
