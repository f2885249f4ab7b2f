import { and, eq, ne, sql } from 'drizzle-orm';
import { fenToYuan, type PricedCart } from '@kc/domain';
import { rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { AppError, business } from '../../platform/errors.js';
import { members } from '../account/schema.js';
import { loadCart, type LoadedCart } from './load.js';
import { cartLines } from './schema.js';
import { priceLoaded } from './state.js';
import { lineView, priceChanges, totalsView } from './view.js';
import { assertContractSigned } from '../compliance/service.js';

/** Why a line stops the checkout. */
export interface CheckoutProblem {
  id: number;
  goods_id: number;
  name: string;
  reason: 'unavailable' | 'blocked' | 'quantity' | 'price_changed';
  message: string;
}

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

/**
 * `POST /api/cart/checkout`: checks the lines to order (`ids`, else the selection) and returns
 * the order preview, or refuses (400) with every reason. A changed list price is one reason;
 * the refusal records the new price as shown, so checking out again after seeing it goes on.
 */
export async function checkout(db: Db, memberId: number, ids: number[] | undefined, now: Date) {
  const cart = await loadCart(db, memberId, now);
  const own = new Set(cart.lines.map((l) => l.row.id));
  const missing = (ids ?? []).filter((id) => !own.has(id));
  if (missing.length > 0) throw new AppError('notFound', '购物车中没有该商品', undefined, { ids: missing });
  const chosen = new Set(ids ?? cart.lines.filter((l) => l.row.isSelected).map((l) => l.row.id));
  if (chosen.size === 0) throw business('请选择要结算的商品');
  const priced = priceLoaded(cart, now, chosen);
  const problems = problemsOf(cart, priced, chosen);
  if (problems.length > 0) {
    const changed = priceChanges(cart, priced).filter((c) => chosen.has(c.id));
    if (changed.length > 0)
      await acknowledgePrices(
        db,
        memberId,
        changed.map((c) => c.id),
      );
    throw new AppError('business', problems[0]?.message ?? '无法结算', undefined, {
      can_checkout: false,
      problems,
      price_changed: changed,
    });
  }
  // The selection can be ordered; going on to the order needs the signed e-contract (459 sends
  // the buyer to /dzht first). Checked last so the cart's own reasons are told first.
  await assertContractSigned(db, memberId);
  return {
    can_checkout: true,
    lines: cart.lines.flatMap((l, i) => {
      const p = priced.lines[i];
      return p && chosen.has(l.row.id) ? [lineView(l, p)] : [];
    }),
    ...totalsView(priced, chosen.size),
    shipping_data: {
      shipping_amount: fenToYuan(priced.shipping.shippingAmount),
      no_trans_order_amount: fenToYuan(priced.shipping.noTransOrderAmount),
      short_amount: fenToYuan(priced.shipping.shortAmount),
    },
  };
}

/** Records the current list prices as shown, in one statement. */
async function acknowledgePrices(db: Queryable, memberId: number, ids: number[]): Promise<void> {
  await db.execute(sql`
    update cart_lines l set shown_price = coalesce(
      (select g.price from goods g where l.kind = 0 and g.id = l.item_id),
      (select c.price from combinations c where l.kind = 3 and c.id = l.item_id), l.shown_price)
    where l.member_id = ${memberId} and l.id = any(${sql.param(ids)}::int[])`);
}

/** `POST /api/cart/next_hint`: the next full-spend tier for the selection. */
export async function nextHint(db: Queryable, memberId: number, ids: number[] | undefined, now: Date) {
  const cart = await loadCart(db, memberId, now);
  const priced = priceLoaded(cart, now, ids ? new Set(ids) : undefined);
  const fs = cart.running.fullSpend;
  const next = priced.nextTier;
  const text = !fs
    ? '暂无满减活动'
    : next
      ? `再买${fenToYuan(next.missing)}元可享满${fenToYuan(next.tier.amount)}减${fenToYuan(next.tier.reduce)}`
      : `已享最高满减，立减${fenToYuan(priced.fullSpendReduction)}元`;
  return {
    activity: fs ? { id: fs.id, name: fs.name } : null,
    eligible_amount: fenToYuan(priced.fullSpendEligible),
    reduce_amount: fenToYuan(priced.fullSpendReduction),
    next: next
      ? {
          amount: fenToYuan(next.tier.amount),
          reduce: fenToYuan(next.tier.reduce),
          missing: fenToYuan(next.missing),
        }
      : null,
    text,
  };
}

/**
 * `POST /api/cart/copy`: copies lines to other stores of the same multi-store account (members
 * sharing the phone number). Quantities add to lines the store already has; each store's own
 * cart then shows its prices, limits and compliance state.
 */
export async function copyLines(db: Db, memberId: number, ids: number[], targets: number[], now: Date) {
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
