import { sql } from 'drizzle-orm';
import { fenToYuan, type CheckoutProblem, type PricedCart } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import type { LoadedCart } from './load.js';

/** Why each chosen line stops the checkout (blocked, unavailable, quantity, list price moved). */
export function problemsOf(
  cart: LoadedCart,
  priced: PricedCart,
  chosen: ReadonlySet<number>,
): CheckoutProblem[] {
  const out: CheckoutProblem[] = [];
  cart.lines.forEach((l, i) => {
    const p = priced.lines[i];
    if (!p || !chosen.has(l.row.id)) return;
    const base = { id: l.row.id, goods_id: l.row.itemId, name: l.goods?.name ?? l.combination?.name ?? '' };
    if (l.block) out.push({ ...base, reason: 'blocked', message: l.block.reason });
    else if (!p.eligibility.selectable)
      out.push({ ...base, reason: 'unavailable', message: p.eligibility.message });
    else if (p.quantityProblem) out.push({ ...base, reason: 'quantity', message: p.quantityProblem });
    if (p.priceChanged) {
      const message = `价格已由${fenToYuan(p.priceChanged.old)}元变为${fenToYuan(p.priceChanged.new)}元`;
      out.push({ ...base, reason: 'price_changed', message });
    }
  });
  return out;
}

/** Records the current list prices as shown, in one statement. */
export async function acknowledgePrices(db: Queryable, memberId: number, ids: number[]): Promise<void> {
  await db.execute(sql`
    update cart_lines l set shown_price = coalesce(
      (select g.price from goods g where l.kind = 0 and g.id = l.item_id),
      (select c.price from combinations c where l.kind = 3 and c.id = l.item_id), l.shown_price)
    where l.member_id = ${memberId} and l.id = any(${sql.param(ids)}::int[])`);
}
