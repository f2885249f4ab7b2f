import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedActivities } from '../../seed/activities.js';
import { seedCatalog } from '../../seed/catalog.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { combinations } from './schema.js';
import { combinationsByIds, runningActivities } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.ctx.database.db, { goods: 400 });
  await seedActivities(t.ctx.database.db, t.clock.now);
});
afterAll(() => t.close());

it('seeds a running full-spend, the 94折, gifts and combinations', async () => {
  const db = t.ctx.database.db;
  const running = await runningActivities(db, t.clock.now);
  expect(running.fullSpend?.tiers).toHaveLength(3);
  expect(running.discount).toEqual({ ratePerMille: 940, excludedGoodsIds: [] });
  expect(running.gifts.size).toBeGreaterThan(0);
  const ids = (await db.select({ id: combinations.id }).from(combinations)).map((c) => c.id);
  expect(ids.length).toBeGreaterThan(0);
  const combos = await combinationsByIds(db, ids, t.clock.now);
  for (const c of combos) {
    expect(c.onSale).toBe(true);
    expect(c.price).toBeLessThan(c.items.reduce((s, it) => s + it.price * it.number, 0));
  }
});

it('runs nothing once the activities have ended', async () => {
  const later = new Date(t.clock.now.getTime() + 365 * 24 * 3600_000);
  const running = await runningActivities(t.ctx.database.db, later);
  expect([running.fullSpend, running.discount, running.gifts.size]).toEqual([null, null, 0]);
});
