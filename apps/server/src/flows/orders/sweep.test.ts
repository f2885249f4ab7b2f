// Two order sweeps at once (issue 16 item 1): every due order is handled exactly once, its
// stock and coupons released once. On PGlite the sweeps interleave transaction by
// transaction; on PostgreSQL (CI sets DATABASE_URL) they run on two connections of the pool
// and really race. sweep.pg.test.ts shows a sweep passing over an order another one holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { orderFixture, stockOf, type OrderFixture } from '../../modules/order/fixtures.js';
import {
  couponStatuses,
  expectSweptOnce,
  placeSweepCase,
  type SweepCase,
} from '../../test/sweep-fixtures.js';
import { sweepOrders } from './sweep.js';

let t: TestApp;
let f: OrderFixture;
let c: SweepCase;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db);
  f = await orderFixture(db, t.clock.now);
  c = await placeSweepCase(t.app, db, f.ibuprofen, { unpaid: 40, shipped: 10, tag: 'sweep' }, t.clock.now);
});
afterAll(() => t.close());

describe('two order sweeps at once', () => {
  it('nothing is due before the deadline', async () => {
    const early = new Date(t.clock.now.getTime() + 29 * 60_000);
    expect(await sweepOrders(t.ctx.database.db, early)).toEqual({ expired: 0, received: 0 });
  });

  it('cancel each overdue unpaid order and complete each overdue shipped one exactly once', async () => {
    const db = t.ctx.database.db;
    const [a, b] = await Promise.all([sweepOrders(db, c.due), sweepOrders(db, c.due)]);
    expect(a.expired + b.expired).toBe(40);
    expect(a.received + b.received).toBe(10);
    await expectSweptOnce(db, c);
    // Stock released once: the 40 held units are back, the 10 shipped ones stay sold.
    expect((await stockOf(db, f.ibuprofen)).stock).toBe(c.stockBefore + 40);
    expect(await couponStatuses(db, c.unpaid)).toEqual({ unused: 40 });
    expect(await couponStatuses(db, c.shipped)).toEqual({ used: 10 });
    expect(await sweepOrders(db, c.due)).toEqual({ expired: 0, received: 0 });
  });
});
