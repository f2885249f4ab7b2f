import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { CartListQuery, CartStateView } from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { loadCart } from './load.js';
import { cartLines } from './schema.js';
import { cartState, priceLoaded } from './state.js';

/** Lines that are not the member's are reported as not found: another member's ids reveal nothing. */
const notInCart = (ids: number[]) => new AppError('notFound', '购物车中没有该商品', undefined, { ids });

/** `GET /api/cart/list`. */
export async function cartList(
  db: Queryable,
  memberId: number,
  now: Date,
  q?: CartListQuery,
): Promise<CartStateView> {
  const cart = await loadCart(db, memberId, now);
  return cartState(cart, priceLoaded(cart, now), { filters: q?.filters, ckId: q?.ck_id });
}

/** `GET api/cart/total`: the number of lines (the header badge). */
export async function cartTotal(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartLines).where(eq(cartLines.memberId, memberId));
  return row?.n ?? 0;
}

/** Applies a write to some of the member's lines; all ids must be theirs, else nothing changes. */
async function onOwnLines(
  db: Db,
  memberId: number,
  ids: number[],
  write: (tx: Queryable) => Promise<{ id: number }[]>,
) {
  await db.transaction(async (tx) => {
    const touched = new Set((await write(tx)).map((r) => r.id));
    const missing = ids.filter((id) => !touched.has(id));
    if (missing.length > 0) throw notInCart(missing);
  });
}

/** `POST /api/cart/batch_select`. */
export async function batchSelect(
  db: Db,
  memberId: number,
  ids: number[],
  selected: boolean,
  now: Date,
): Promise<CartStateView> {
  await onOwnLines(db, memberId, ids, (tx) =>
    tx
      .update(cartLines)
      .set({ isSelected: selected, updatedAt: now })
      .where(and(eq(cartLines.memberId, memberId), inArray(cartLines.id, ids)))
      .returning({ id: cartLines.id }),
  );
  return cartState(...(await loadPriced(db, memberId, now)), { action: 1 });
}

/** `POST api/cart/batch_delete`. */
export async function batchDelete(
  db: Db,
  memberId: number,
  ids: number[],
  now: Date,
): Promise<CartStateView> {
  await onOwnLines(db, memberId, ids, (tx) =>
    tx
      .delete(cartLines)
      .where(and(eq(cartLines.memberId, memberId), sql`${cartLines.id} = any(${sql.param(ids)}::int[])`))
      .returning({ id: cartLines.id }),
  );
  return cartState(...(await loadPriced(db, memberId, now)), { action: 1 });
}

async function loadPriced(db: Queryable, memberId: number, now: Date) {
  const cart = await loadCart(db, memberId, now);
  return [cart, priceLoaded(cart, now)] as const;
}
