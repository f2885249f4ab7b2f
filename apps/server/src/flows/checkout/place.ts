import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, ORDER_RULES, yuanToFen, type PlacedOrderView, type PlaceOrderInput } from '@kc/domain';
import type { Db } from '../../platform/db.js';
import { business, invalid } from '../../platform/errors.js';
import { pendingCashbackSql } from '../../modules/activity/cashback.js';
import { lineInput, loadCart, type LoadedCart } from '../../modules/cart/load.js';
import { removeOrderedLinesSql } from '../../modules/cart/ordered.js';
import { availableLots, lockGoods, moveStock, type LockedGoods } from '../../modules/catalog/service.js';
import {
  bodyHash,
  claimKey,
  linkKeySql,
  lockBuyer,
  orderNo,
  placedView,
  readPlaced,
} from '../../modules/order/new-order.js';
import { writeOrder } from '../../modules/order/write.js';
import { consumeCoupons, heldCoupons } from '../../modules/promotion/service.js';
import { goodsIdsOf, orderActivities, planOrder, type OrderActivities } from './plan.js';
import { assertOrderable, chosenLineIds, priceSelection } from './selection.js';

/** The loaded cart with the stock of the locked goods rows (read before the locks, it may be stale). */
function withLockedStock(cart: LoadedCart, goods: ReadonlyMap<number, LockedGoods>, now: Date): LoadedCart {
  const stock = (id: number, was: number) => goods.get(id)?.stock ?? was;
  const lines = cart.lines.map((l) => ({
    ...l,
    goods: l.goods ? { ...l.goods, stock: stock(l.goods.id, l.goods.stock) } : null,
    combination: l.combination
      ? {
          ...l.combination,
          items: l.combination.items.map((it) => ({ ...it, stock: stock(it.goodsId, it.stock) })),
        }
      : null,
  }));
  return { ...cart, lines, inputs: lines.map((l) => lineInput(l, cart.running, now)) };
}

/**
 * The order's activity records as CTEs of placement's last statement (none when no activity
 * priced it): orders.activity_ids, order_lines.activity_id of the flash/special lines, and the
 * pending 满返 cashback. Folded into that statement, they cost placement no round trip.
 */
function activityWrites(orderId: number, memberId: number, acts: OrderActivities, now: Date): SQL[] {
  const out: SQL[] = [];
  if (acts.activityIds.length > 0)
    out.push(
      sql`update orders set activity_ids = ${sql.param(acts.activityIds)}::int[] where id = ${orderId}`,
    );
  if (acts.flashLines.length > 0) {
    const goods = sql.param(acts.flashLines.map((l) => l.goodsId));
    const ids = sql.param(acts.flashLines.map((l) => l.activityId));
    out.push(sql`update order_lines l set activity_id = v.a from unnest(${goods}::int[], ${ids}::int[]) as v(g, a)
      where l.order_id = ${orderId} and l.goods_id = v.g and l.combination_id is null and not l.is_gift`);
  }
  if (acts.cashback)
    out.push(
      pendingCashbackSql({
        orderId,
        memberId,
        activityId: acts.cashback.activityId,
        eligible: acts.cashback.eligible,
        tiers: acts.cashback.tiers,
        amount: acts.cashback.amount,
        now,
      }),
    );
  return out;
}

/**
 * `POST /api/order`: places the order in ONE transaction: claims the idempotency key, locks
 * the member, re-prices the cart from the database, locks the goods (lowest id first), draws
 * the units from the lots earliest expiry first, writes the order with batch and expiry on
 * every line, takes the stock, uses the coupons, records the activities that priced the order
 * (with its 满返 cashback, pending until completion) and clears the ordered cart lines. A fixed
 * number of statements whatever the number of lines. Anything short or changed rolls it all
 * back with the reason.
 */
export async function placeOrder(
  db: Db,
  memberId: number,
  input: PlaceOrderInput,
  now: Date,
): Promise<PlacedOrderView> {
  const key = input.idempotency_key;
  if (!key) throw invalid('idempotency_key', '缺少请求标识，请刷新页面后重新提交');
  return db.transaction(async (tx) => {
    const existing = await claimKey(tx, memberId, key, bodyHash(input), now);
    if (existing) return readPlaced(tx, existing);
    const m = await lockBuyer(tx, memberId, input.address_id!);
    const loaded = await loadCart(tx, memberId, now);
    const chosen = chosenLineIds(loaded, input.ids);
    // Stock is judged from the locked rows: a buyer who waited for the lock sees what is left.
    const ids = goodsIdsOf(loaded, chosen);
    const goods = await lockGoods(tx, ids);
    const cart = withLockedStock(loaded, goods, now);
    const [coupons, vouchers] = await Promise.all([
      input.coupon_id === 0 ? [] : heldCoupons(tx, memberId, now, 'coupon'),
      input.voucher_id === 0 ? [] : heldCoupons(tx, memberId, now, 'voucher'),
    ]);
    const sel = await priceSelection(
      tx,
      cart,
      chosen,
      { coupons, vouchers },
      { coupon: input.coupon_id, voucher: input.voucher_id },
      now,
    );
    assertOrderable(cart, sel.priced, chosen);
    const plan = planOrder(cart, sel, goods, await availableLots(tx, ids), now);
    if (plan.problems.length > 0) throw business(plan.problems[0]!.message, { problems: plan.problems });
    if (input.expected_payable !== undefined && yuanToFen(input.expected_payable) !== sel.amounts.payable)
      throw business('订单金额已变动，请确认后再提交', {
        amount_changed: 1,
        payable: fenToYuan(sel.amounts.payable),
      });
    const isHm = plan.lines.some((l) => goods.get(l.goodsId)?.isHm);
    const expiresAt = new Date(now.getTime() + ORDER_RULES.unpaidTimeoutMs);
    const no = orderNo(m.next_id, now);
    await writeOrder(tx, {
      id: m.next_id,
      orderNo: no,
      memberId,
      isHm,
      address: m.address,
      input,
      amounts: sel.amounts,
      couponId: sel.coupon.chosen?.coupon.id ?? null,
      voucherId: sel.voucher.chosen?.coupon.id ?? null,
      expiresAt,
      lines: plan.lines,
      goods,
      now,
    });
    await moveStock(
      tx,
      plan.lines.flatMap((l) => l.draws),
      1,
      { kind: 'sale', ref: no },
    );
    const used = [sel.coupon.chosen?.coupon.id, sel.voucher.chosen?.coupon.id].filter(
      (x): x is number => !!x,
    );
    if (used.length > 0) await consumeCoupons(tx, used, m.next_id, now);
    // One statement: the cart's removal of the ordered lines, the activities that priced the
    // order (and its 满返 cashback, pending) and the order's key link.
    const writes = [
      removeOrderedLinesSql(memberId, sel.chosenIds),
      ...activityWrites(m.next_id, memberId, orderActivities(cart, sel, plan.lines), now),
    ].map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`);
    await tx.execute(sql`with ${sql.join(writes, sql`, `)} ${linkKeySql(memberId, key, m.next_id)}`);
    return placedView(m.next_id, no, sel.amounts.payable, isHm, expiresAt);
  });
}
