import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { members } from '../account/schema.js';
import { createActivity } from '../activity/service.js';
import { cartFixture } from './fixtures.js';
import { cartLines } from './schema.js';

// Cost must not grow with lines: every call sends the same number of SQL statements for a
// cart of 1, 100 or 300 lines, and never more than 10.
let t: TestApp;
let demo: Client;
let many: number[] = [];
let otherStore = 0;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db);
  const f = await cartFixture(db);
  many = await f.makeMany(300);
  await createActivity(db, {
    kind: 'manjian',
    name: '满500减20',
    rules: { tiers: [{ amount: 50_000, reduce: 2_000 }] },
    startsAt: new Date(Date.now() - 3600_000),
    endsAt: new Date(Date.now() + 3600_000),
  });
  const [store] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'demo_bj'));
  otherStore = store?.id ?? 0;
  demo = new Client(t.app);
  await demo.login('demo', 'demo123456');
  // A running server holds the running promotions in memory (ACTIVITY_CACHE_MS on the test's
  // clock, which stands still here): one call fills that copy, so every count below is of a
  // warm process, where the promotions cost no statement.
  expect((await demo.get('/api/cart/list')).status).toBe(200);
});
afterAll(() => t.close());

async function cartOf(n: number): Promise<number[]> {
  await t.ctx.database.db.delete(cartLines);
  const r = await demo.post('/api/cart', {
    params: many.slice(0, n).map((goods_id) => ({ goods_id, number: 1 })),
  });
  expect(r.body.code).toBe(10000);
  return (r.body.data.lines as { id: number }[]).map((l) => l.id);
}

async function statementsOf(call: () => Promise<{ status: number }>): Promise<number> {
  const stats = t.ctx.database.stats;
  const before = stats.statements;
  const res = await call();
  expect(res.status).toBe(200);
  return stats.statements - before;
}

const calls: [string, (ids: number[]) => Promise<{ status: number }>][] = [
  ['list', () => demo.get('/api/cart/list')],
  ['total', () => demo.get('/api/cart/total')],
  ['edit', (ids) => demo.post(`/api/cart/${ids[0]}/edit`, { params: { number: 2 } })],
  ['batch_select', (ids) => demo.post('/api/cart/batch_select', { ids, is_selected: 1 })],
  ['checkout', (ids) => demo.post('/api/cart/checkout', { ids })],
  ['next_hint', () => demo.post('/api/cart/next_hint')],
  [
    'add (merge)',
    (ids) =>
      demo.post('/api/cart', {
        params: many.slice(0, ids.length).map((goods_id) => ({ goods_id, number: 1 })),
      }),
  ],
  ['quick_add', () => demo.post(`/api/cart/quick_add/${many[0]}`)],
  ['copy', (ids) => demo.post('/api/cart/copy', { ids, other_user_ids: [otherStore] })],
  ['batch_delete', (ids) => demo.post('/api/cart/batch_delete', { ids })],
];

describe('statements per cart call', () => {
  it.each(calls)('%s costs the same for 1, 100 and 300 lines', async (_name, call) => {
    const counts: number[] = [];
    for (const n of [1, 100, 300]) {
      const ids = await cartOf(n);
      counts.push(await statementsOf(() => call(ids)));
    }
    expect(counts[0]).toBeLessThanOrEqual(10);
    expect(counts).toEqual([counts[0], counts[0], counts[0]]);
  });
});
