import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { activities } from './schema.js';
import { ACTIVITY_CACHE_MS, createActivity, runningActivities } from './service.js';

// The running promotions are read at most once per ACTIVITY_CACHE_MS per process (on the
// caller's clock); a write through createActivity shows at once, a write from elsewhere (another
// process) within that time, and a transaction always reads the table itself.
let t: TestApp;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const window = (from: Date) => ({
  startsAt: new Date(from.getTime() - HOUR),
  endsAt: new Date(from.getTime() + HOUR),
});

/** Another process's write: straight into the table, not through createActivity. */
async function insertBehindItsBack(from: Date): Promise<void> {
  await t.ctx.database.db.insert(activities).values({
    kind: 'discount',
    name: '另一进程的95折',
    rules: { ratePerMille: 950, excludedGoodsIds: [] },
    ...window(from),
  });
}

it('shows an activity created in this process at once, and one from elsewhere within the cache time', async () => {
  const db = t.ctx.database.db;
  const now = t.clock.now;
  expect((await runningActivities(db, now)).fullSpend).toBeNull();

  await createActivity(db, {
    kind: 'manjian',
    name: '满500减20',
    rules: { tiers: [{ amount: 50_000, reduce: 2_000 }] },
    ...window(now),
  });
  expect((await runningActivities(db, now)).fullSpend?.name).toBe('满500减20');

  await insertBehindItsBack(now);
  const statements = t.ctx.database.stats.statements;
  const soon = new Date(now.getTime() + ACTIVITY_CACHE_MS - 1);
  expect((await runningActivities(db, soon)).discount).toBeNull();
  expect(t.ctx.database.stats.statements).toBe(statements);

  const later = new Date(now.getTime() + ACTIVITY_CACHE_MS);
  expect((await runningActivities(db, later)).discount).toEqual({ ratePerMille: 950, excludedGoodsIds: [] });
  expect(t.ctx.database.stats.statements).toBe(statements + 1);

  // A transaction reads the table itself, whatever the copy holds.
  await t.ctx.database.db.delete(activities);
  expect((await runningActivities(db, later)).discount).not.toBeNull();
  const inTx = await db.transaction((tx) => runningActivities(tx, later));
  expect([inTx.fullSpend, inTx.discount]).toEqual([null, null]);
});

it('starts and ends activities on the clock from the same copy', async () => {
  const db = t.ctx.database.db;
  const now = new Date(t.clock.now.getTime() + 10 * ACTIVITY_CACHE_MS);
  await createActivity(db, {
    kind: 'discount',
    name: '稍后开始的94折',
    rules: { ratePerMille: 940, excludedGoodsIds: [] },
    startsAt: new Date(now.getTime() + 1000),
    endsAt: new Date(now.getTime() + 2000),
  });
  expect((await runningActivities(db, now)).discount).toBeNull();
  const statements = t.ctx.database.stats.statements;
  expect((await runningActivities(db, new Date(now.getTime() + 1000))).discount?.ratePerMille).toBe(940);
  expect((await runningActivities(db, new Date(now.getTime() + 2000))).discount).toBeNull();
  expect(t.ctx.database.stats.statements).toBe(statements);
});
