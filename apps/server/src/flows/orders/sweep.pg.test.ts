// Two instances sweeping one PostgreSQL database (issue 16 item 1): each claims orders with
// `for update skip locked`, so one passes over an order the other holds instead of waiting
// for it, and racing they handle every due order exactly once. Needs DATABASE_URL (CI,
// npm run test:pg); sweep.test.ts runs the race on one pool, and on PGlite.
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../platform/db.js';
import { seedAccounts } from '../../seed/accounts.js';
import { createTestAppOn, type TestApp } from '../../test/helper.js';
import { couponStatuses, expectSweptOnce, placeSweepCase } from '../../test/sweep-fixtures.js';
import { orderFixture, stockOf, type OrderFixture } from '../../modules/order/fixtures.js';
import { sweepOrders } from './sweep.js';

const base = process.env.DATABASE_URL;
if (!base) throw new Error('the server-pg tests need DATABASE_URL (a PostgreSQL server)');
const name = `kc_sweep_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
const url = (() => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
})();

async function admin(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(text);
  await c.end();
}

let one: Database;
let two: Database;
let t: TestApp;
let f: OrderFixture;

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  [one, two] = [await openPostgres(url, { max: 4 }), await openPostgres(url, { max: 4 })];
  t = await createTestAppOn(one);
  await seedAccounts(one.db);
  f = await orderFixture(one.db, t.clock.now);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([one?.close(), two?.close()]);
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('order sweeps on two instances', () => {
  it('race over 40 overdue unpaid and 10 overdue shipped orders: each handled once, stock and coupons released once', async () => {
    const c = await placeSweepCase(
      t.app,
      one.db,
      f.ibuprofen,
      { unpaid: 40, shipped: 10, tag: 'pga' },
      t.clock.now,
    );
    const [a, b] = await Promise.all([sweepOrders(one.db, c.due), sweepOrders(two.db, c.due)]);
    expect(a.expired + b.expired).toBe(40);
    expect(a.received + b.received).toBe(10);
    await expectSweptOnce(one.db, c);
    expect((await stockOf(one.db, f.ibuprofen)).stock).toBe(c.stockBefore + 40);
    expect(await couponStatuses(one.db, c.unpaid)).toEqual({ unused: 40 });
    expect(await couponStatuses(one.db, c.shipped)).toEqual({ used: 10 });
  });

  it('passes over the orders another instance holds instead of waiting for them', async () => {
    const c = await placeSweepCase(
      t.app,
      one.db,
      f.ibuprofen,
      { unpaid: 5, shipped: 2, tag: 'pgb' },
      t.clock.now,
    );
    const held = [c.unpaid[0]!, c.shipped[0]!];
    // Instance one holds two due orders (as its own sweep, or a buyer paying, would) while
    // instance two sweeps: a sweep that waited on their row locks would never return here.
    const during = await one.db.transaction(async (tx) => {
      await tx.execute(sql`select id from orders where id = any(${sql.param(held)}::int[]) for update`);
      return sweepOrders(two.db, c.due);
    });
    expect(during).toEqual({ expired: 4, received: 1 });
    expect(await sweepOrders(two.db, c.due)).toEqual({ expired: 1, received: 1 });
    await expectSweptOnce(one.db, c);
  });
});
