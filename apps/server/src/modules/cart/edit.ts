import { sql } from 'drizzle-orm';
import { chinaDate, checkQuantity, priceCart, type CartEditReply } from '@kc/domain';
import { prepared, rowsOf, type Db } from '../../platform/db.js';
import { AppError, invalid } from '../../platform/errors.js';
import { combinationsByIds, runningActivities } from '../activity/service.js';
import { blocksFrom, goodsFacts } from '../compliance/service.js';
import { COMBINATION_KIND, addActivityBought, lineInput, type LoadedLine } from './load.js';
import { cartSnapshot, goodsFactOf } from './lines-query.js';
import { cartLines } from './schema.js';
import { lineView } from './view.js';

const notInCart = (id: number) => new AppError('notFound', '购物车中没有该商品', undefined, { ids: [id] });

/**
 * `POST api/cart/{id}/edit`: sets a line's quantity, a whole number above zero (the route's
 * `cartEditSchema` refuses any other before a statement runs). The line, its goods and the
 * compliance state are read first (one statement, beside the running promotions); the
 * quantity rules (`checkQuantity`) and the compliance check refuse before anything is written;
 * then one UPDATE (atomic, row-locked) stores it.
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
): Promise<CartEditReply> {
  // One statement reads the line, its goods with their compliance facts and the buyer's facts;
  // the running promotions (which depend only on the time) come beside it.
  const [snapshot, running] = await Promise.all([cartSnapshot(db, memberId, id), runningActivities(db, now)]);
  const [stored] = snapshot.lines;
  if (!stored) throw notInCart(id);
  const row = stored.row;
  // A combination's goods come with the combination: two more statements, for those lines only.
  const combination =
    row.kind === COMBINATION_KIND ? ((await combinationsByIds(db, [row.itemId], now))[0] ?? null) : null;
  const wantedGoods = combination
    ? combination.items.map((it) => ({ goodsId: it.goodsId, number: it.number * wanted }))
    : [{ goodsId: row.itemId, number: wanted }];
  // A goods line's facts came with the snapshot; a combination's goods are read now.
  let facts = stored.goods ? [goodsFactOf(stored.goods)] : [];
  if (combination)
    facts = await goodsFacts(
      db,
      memberId,
      combination.items.map((it) => it.goodsId),
    );
  const blocks = blocksFrom(snapshot.buyer, facts, wantedGoods, now);
  const block = wantedGoods.map((w) => blocks.get(w.goodsId)).find(Boolean) ?? null;
  if (block) throw new AppError('business', block.reason, undefined, { block });
  const line: LoadedLine = { ...stored, combination, block: null };
  // A limited flash or special price counts what the member already bought at it.
  await addActivityBought(db, memberId, [line], running);
  const input = lineInput(line, running, now);
  const check = checkQuantity(wanted, input.goods);
  if (!check.ok) {
    if (check.problem === 'over_limit' || check.problem === 'over_stock')
      throw new AppError('business', check.message);
    throw invalid('number', check.message);
  }
  // One statement (atomic, it takes the row lock): what will be bought, rounded up to a case.
  const [updated] = rowsOf<{ number: number }>(
    await db.execute(
      prepared(sql`
        update ${cartLines} set number = ${check.number}, updated_at = ${now}
        where member_id = ${memberId} and id = ${id}
        returning number`),
    ),
  );
  if (!updated) throw notInCart(id);
  row.number = updated.number;
  const priced = priceCart([{ ...input, quantity: row.number }], {
    now: now.getTime(),
    fullSpend: null,
    discount: running.discount,
  });
  const p = priced.lines[0];
  if (!p) throw notInCart(id);
  return {
    action: 1,
    line: lineView(line, p, { months: snapshot.shelfMonths, today: chinaDate(now) }, running.discount),
  };
}
