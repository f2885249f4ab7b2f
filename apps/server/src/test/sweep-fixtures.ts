// Test fixtures for the sweep races: many buyers, each with one order on a coupon, some left
// unpaid and some paid and shipped, all due for the sweep an hour past the receipt period.
// Not product data.
import { DEMO_PAY_PASSWORD } from '../seed/accounts.js';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ORDER_RULES } from '@kc/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { rowsOf, type Db } from '../platform/db.js';
import { cloneBuyers, fillCarts, stockOf, type Buyer } from '../modules/order/fixtures.js';
import { shipOrder } from '../modules/order/lifecycle.js';
import { createCouponTemplate, grantCoupon } from '../modules/promotion/service.js';

export interface SweepCase {
  unpaid: number[];
  shipped: number[];
  /** The goods' stock once every order is placed. */
  stockBefore: number;
  /** When the sweep finds every order due. */
  due: Date;
}

const asBuyer = (app: FastifyInstance, b: Buyer, url: string, payload: Record<string, unknown>) =>
  app
    .inject({ method: 'POST', url, headers: { authorization: `Bearer ${b.token}` }, payload })
    .then((r) => r.json() as { code: number; data: { order_id: number } });

/**
 * `unpaid + shipped` buyers each order one unit of `goodsId` with a coupon of their own; the
 * first `unpaid` leave it unpaid, the others pay by balance and are shipped at `now`.
 */
export async function placeSweepCase(
  app: FastifyInstance,
  db: Db,
  goodsId: number,
  counts: { unpaid: number; shipped: number; tag: string },
  now: Date,
): Promise<SweepCase> {
  const n = counts.unpaid + counts.shipped;
  await db.execute(sql`update goods_lots set quantity = quantity + ${n} where id =
    (select id from goods_lots where goods_id = ${goodsId} order by id limit 1)`);
  await db.execute(sql`update goods set stock = stock + ${n} where id = ${goodsId}`);
  const buyers = await cloneBuyers(db, n, counts.tag);
  const ids = buyers.map((b) => b.memberId);
  await db.execute(sql`update members set balance = 100000 where id = any(${sql.param(ids)}::int[])`);
  await fillCarts(db, buyers, goodsId, 1);
  const day = 24 * 3600_000;
  const template = await createCouponTemplate(db, {
    name: `${counts.tag}满10减1`,
    kind: 'manjian',
    threshold: 1000,
    amount: 100,
    validFrom: new Date(now.getTime() - day),
    validTo: new Date(now.getTime() + 30 * day),
  });
  const orders: number[] = [];
  for (const b of buyers) {
    const coupon = await grantCoupon(db, b.memberId, template, now);
    const placed = await asBuyer(app, b, '/api/order', {
      address_id: b.addressId,
      coupon_id: coupon,
      voucher_id: 0,
      idempotency_key: crypto.randomUUID(),
    });
    if (placed.code !== 10000) throw new Error(`placing failed: ${JSON.stringify(placed)}`);
    orders.push(placed.data.order_id);
  }
  const shipped = orders.slice(counts.unpaid);
  for (const [i, id] of shipped.entries()) {
    const paid = await asBuyer(app, buyers[counts.unpaid + i]!, `/api/order/${id}/pay`, {
      method: 'balance',
      pay_password: DEMO_PAY_PASSWORD,
    });
    if (paid.code !== 10000) throw new Error(`paying failed: ${JSON.stringify(paid)}`);
    await shipOrder(db, id, '顺丰速运', `SF${id}`, now);
  }
  return {
    unpaid: orders.slice(0, counts.unpaid),
    shipped,
    stockBefore: (await stockOf(db, goodsId)).stock,
    due: new Date(now.getTime() + ORDER_RULES.autoReceiveMs + 3600_000),
  };
}

export interface SweptOrder {
  id: number;
  status: number;
  cancelled: number;
  received: number;
  points: number;
  couponsUsed: number;
}

/** What the sweep left on each order: status, its cancel and receipt events, points logs, coupons held. */
export async function sweptOrders(db: Db, ids: readonly number[]): Promise<SweptOrder[]> {
  return rowsOf<SweptOrder>(
    await db.execute(sql`
      select o.id, o.status,
        (select count(*)::int from order_events e where e.order_id = o.id and e.kind = 'cancelled') as cancelled,
        (select count(*)::int from order_events e where e.order_id = o.id and e.kind = 'received') as received,
        (select count(*)::int from points_logs p where p.order_id = o.id) as points,
        (select count(*)::int from member_coupons c where c.used_order_id = o.id and c.status = 'used') as "couponsUsed"
      from orders o where o.id = any(${sql.param([...ids])}::int[]) order by o.id`),
  );
}

/**
 * Every unpaid order of the case cancelled once (one event, its coupon back) and every shipped
 * one completed once (one event, one points entry, its coupon kept).
 */
export async function expectSweptOnce(db: Db, c: SweepCase): Promise<void> {
  const once = { cancelled: 0, received: 0, points: 0, couponsUsed: 0 };
  expect(await sweptOrders(db, c.unpaid)).toEqual(
    c.unpaid.map((id) => ({ ...once, id, status: 4, cancelled: 1 })),
  );
  expect(await sweptOrders(db, c.shipped)).toEqual(
    c.shipped.map((id) => ({ ...once, id, status: 3, received: 1, points: 1, couponsUsed: 1 })),
  );
}

/** The coupons of the members who placed `ids`, by status. */
export async function couponStatuses(db: Db, ids: readonly number[]): Promise<Record<string, number>> {
  const rows = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`
      select c.status, count(*)::int as n from member_coupons c
      where c.member_id in (select member_id from orders where id = any(${sql.param([...ids])}::int[]))
      group by c.status`),
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
