// Money and stock under races (issue 6 item 7): no oversell, no double order, no double
// charge. Runs on PGlite by default and on PostgreSQL in CI (DATABASE_URL), where the
// requests really run in parallel on a pool of connections.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD, seedAccounts } from '../../seed/accounts.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { cloneBuyers, fillCarts, orderFixture, stockOf, type Buyer, type OrderFixture } from './fixtures.js';
import { signNotification } from '../../providers/index.js';
import { rowsOf } from '../../platform/db.js';

let t: TestApp;
let f: OrderFixture;
let buyers: Buyer[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db);
  f = await orderFixture(db, t.clock.now);
  buyers = await cloneBuyers(db, 200, 'race');
});
afterAll(() => t.close());

const placeAs = (b: Buyer, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
    payload: {
      address_id: b.addressId,
      coupon_id: 0,
      voucher_id: 0,
      idempotency_key: crypto.randomUUID(),
      ...body,
    },
  });

describe('no oversell', () => {
  it('sells exactly 50 of 50 units to 200 buyers racing, 20 times over, and tells every loser 库存不足', async () => {
    const db = t.ctx.database.db;
    for (let round = 0; round < 20; round += 1) {
      await db.execute(sql`update goods_lots set quantity = 50 where goods_id = ${f.scarce}`);
      await db.execute(sql`update goods set stock = 50 where id = ${f.scarce}`);
      await fillCarts(db, buyers, f.scarce, 1);
      const replies = await Promise.all(buyers.map((b) => placeAs(b)));
      const won = replies.filter((r) => r.json().code === 10000);
      const lost = replies.filter((r) => r.json().code !== 10000);
      expect(won).toHaveLength(50);
      expect(lost.every((r) => r.statusCode === 400 && /^库存不足/.test(r.json().msg))).toBe(true);
      const s = await stockOf(db, f.scarce);
      expect(s).toEqual({ stock: 0, lots: { 'S-1': 0 } });
      const ids = won.map((r) => r.json().data.order_id as number);
      const [sold] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select coalesce(sum(number), 0)::int as n from order_line_lots where order_id = any(${sql.param(ids)}::int[])`,
        ),
      );
      expect(sold!.n).toBe(50);
    }
  }, 600_000);

  it('counts two cart lines drawing on the same goods together (a goods and a combination holding it)', async () => {
    const db = t.ctx.database.db;
    const [combo] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into combinations (name, price, items, on_sale, starts_at, ends_at)
        values ('头孢组合装', 5000, ${JSON.stringify([{ goodsId: f.scarce, number: 2 }])}::jsonb, true, now() - interval '1 day', now() + interval '1 day')
        returning id`),
    );
    await db.execute(sql`update goods_lots set quantity = 5 where goods_id = ${f.scarce}`);
    await db.execute(sql`update goods set stock = 5 where id = ${f.scarce}`);
    const b = buyers[0]!;
    await db.execute(sql`delete from cart_lines where member_id = ${b.memberId}`);
    await db.execute(sql`insert into cart_lines (member_id, kind, item_id, number, is_selected, shown_price) values
      (${b.memberId}, 0, ${f.scarce}, 3, true, 3000), (${b.memberId}, 3, ${combo!.id}, 2, true, 5000)`);
    const r = await placeAs(b);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('库存不足：头孢克肟分散片仅剩5盒');
    expect((await stockOf(db, f.scarce)).stock).toBe(5);
  });
});

describe('idempotency', () => {
  it('creates one order for the same POST sent 50 times at once', async () => {
    const db = t.ctx.database.db;
    const b = buyers[1]!;
    await db.execute(sql`delete from cart_lines where member_id = ${b.memberId}`);
    await fillCarts(db, [b], f.ibuprofen, 2);
    const body = { idempotency_key: crypto.randomUUID(), remark: '同一请求' };
    const replies = await Promise.all(Array.from({ length: 50 }, () => placeAs(b, body)));
    const ids = new Set(replies.map((r) => r.json().data?.order_id));
    expect(replies.every((r) => r.json().code === 10000)).toBe(true);
    expect(ids.size).toBe(1);
    const [n] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from orders where member_id = ${b.memberId} and remark = '同一请求'`,
      ),
    );
    expect(n!.n).toBe(1);
  });
});

describe('no double charge', () => {
  it('pays once when the gateway notification is replayed 100 times at once', async () => {
    const db = t.ctx.database.db;
    const b = buyers[2]!;
    await db.execute(sql`delete from cart_lines where member_id = ${b.memberId}`);
    await fillCarts(db, [b], f.ibuprofen, 1);
    const order = (await placeAs(b)).json().data;
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order.order_id}/pay`,
      headers: { authorization: `Bearer ${b.token}` },
      payload: { method: 'online' },
    });
    const { payment_no } = pay.json().data;
    // Signed now: notifications outside ±5 minutes of the server clock are refused.
    const timestamp = String(Math.floor(t.clock.now.getTime() / 1000));
    const n = { payment_no, trade_no: 'GW-1', amount: '4000', status: 'SUCCESS', timestamp };
    const payload = { ...n, sign: signNotification(n, t.ctx.config.paymentSecret) };
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({ method: 'POST', url: '/api/pay/notify/simulator', payload }),
      ),
    );
    expect(replies.every((r) => r.body === 'success')).toBe(true);
    const [p] = rowsOf<{ paid: number; status: number; paid_amount: number }>(
      await db.execute(sql`select (select count(*)::int from payments where order_id = o.id and status = 'paid') as paid,
        o.status, o.paid_amount from orders o where o.id = ${order.order_id}`),
    );
    expect(p).toEqual({ paid: 1, status: 1, paid_amount: 4000 });
  });

  it('debits the balance once when the same order is paid by balance 20 times at once', async () => {
    const db = t.ctx.database.db;
    const b = buyers[3]!;
    await db.execute(sql`update members set balance = 100000 where id = ${b.memberId}`);
    await fillCarts(db, [b], f.ibuprofen, 1);
    const order = (await placeAs(b)).json().data;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/order/${order.order_id}/pay`,
          headers: { authorization: `Bearer ${b.token}` },
          payload: { method: 'balance', pay_password: DEMO_PAY_PASSWORD },
        }),
      ),
    );
    expect(replies.filter((r) => r.json().code === 10000)).toHaveLength(1);
    const [m] = rowsOf<{ balance: number; logs: number }>(
      await db.execute(sql`select balance, (select count(*)::int from money_logs where member_id = ${b.memberId}) as logs
        from members where id = ${b.memberId}`),
    );
    expect(m).toEqual({ balance: 100000 - 4000, logs: 1 });
  });
});

describe('cost does not grow with the order', () => {
  it('places 1-, 100- and 300-line orders in the same number of SQL statements (at most 25)', async () => {
    const db = t.ctx.database.db;
    const { createGoodsBulk } = await import('../catalog/service.js');
    const [cat] = rowsOf<{ id: number }>(await db.execute(sql`select id from categories limit 1`));
    const year = t.clock.now.getUTCFullYear();
    const many = await createGoodsBulk(
      db,
      Array.from({ length: 300 }, (_, i) => ({
        name: `批量药品${i}`,
        ypgg: `${i}mg*10片`,
        sccj: '华润三九医药股份有限公司',
        scopeClass: '化学药制剂',
        categoryId: cat!.id,
        ckId: f.ck1,
        basePrice: 1200,
        price: 1000 + i,
        lots: [
          { batchNo: `A${i}`, producedOn: `${year - 1}-01-01`, expiresOn: `${year + 1}-01-01`, quantity: 5 },
          {
            batchNo: `B${i}`,
            producedOn: `${year - 1}-01-01`,
            expiresOn: `${year + 2}-01-01`,
            quantity: 1000,
          },
        ],
      })),
    );
    const counts: number[] = [];
    for (const [k, size] of [1, 100, 300].entries()) {
      const b = buyers[10 + k]!;
      await db.execute(sql`delete from cart_lines where member_id = ${b.memberId}`);
      await db.execute(sql`insert into cart_lines (member_id, kind, item_id, number, is_selected, shown_price)
        select ${b.memberId}, 0, g, 10, true, 1000 from unnest(${sql.param(many.slice(0, size))}::int[]) as t(g)`);
      const before = t.ctx.database.stats.statements;
      const r = await placeAs(b);
      expect(r.json().code).toBe(10000);
      counts.push(t.ctx.database.stats.statements - before);
    }
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeLessThanOrEqual(25);
  });
});
