import { and, eq, ne, sql } from 'drizzle-orm';
import type { CartCopyReply } from '@kc/domain';
import { rowsOf, type Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { members } from '../account/schema.js';
import { cartLines } from './schema.js';

/**
 * `POST /api/cart/copy`: copies lines to other stores of the same multi-store account (members
 * sharing the phone number). Quantities add to lines the store already has; each store's own
 * cart then shows its prices, limits and compliance state.
 */
export async function copyLines(
  db: Db,
  memberId: number,
  ids: number[],
  targets: number[],
  now: Date,
): Promise<CartCopyReply> {
  return db.transaction(async (tx) => {
    const stores = await tx
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          ne(members.id, memberId),
          sql`${members.id} = any(${sql.param(targets)}::int[])`,
          sql`${members.phone} <> '' and ${members.phone} = (select phone from members where id = ${memberId})`,
        ),
      );
    const allowed = new Set(stores.map((s) => s.id));
    const foreign = targets.filter((t) => !allowed.has(t));
    if (foreign.length > 0)
      throw new AppError('forbidden', '只能复制到同一账号下的其他门店', undefined, {
        other_user_ids: foreign,
      });
    const res = await tx.execute(sql`
      insert into cart_lines (member_id, kind, item_id, number, shown_price, is_selected, created_at, updated_at)
      select t.id, l.kind, l.item_id, l.number, l.shown_price, true, ${now}, ${now}
      from cart_lines l cross join unnest(${sql.param(targets)}::int[]) as t(id)
      where l.member_id = ${memberId} and l.id = any(${sql.param(ids)}::int[])
      on conflict (member_id, kind, item_id) do update
        set number = cart_lines.number + excluded.number, updated_at = excluded.updated_at
      returning member_id`);
    const copied = rowsOf<{ member_id: number }>(res).length;
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cartLines)
      .where(and(eq(cartLines.memberId, memberId), sql`${cartLines.id} = any(${sql.param(ids)}::int[])`));
    if ((n?.n ?? 0) !== ids.length) throw new AppError('notFound', '购物车中没有该商品');
    return { copied, other_user_ids: targets };
  });
}
