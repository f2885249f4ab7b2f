/**
 * Two app instances on one database and one Redis (REDIS_URL): an operator's content write
 * on one drops the common-data cache on the other at once, not after the TTL. Run with
 * `npm run test:redis` (the `server-redis` project); CI runs it on the machine's Redis.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../platform/db.js';
import { hotSearches } from '../modules/content/schema.js';
import { createHotSearch } from '../modules/content/service.js';
import { seedContent } from '../seed/content.js';
import { Client, createTestAppOn, openTestDatabase, type TestApp } from '../test/helper.js';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) throw new Error('REDIS_URL must name a Redis server (npm run test:redis sets it)');

let database: Database;
let drop: () => Promise<void>;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedContent(database.db);
  // A fresh channel prefix: parallel runs on one Redis do not hear each other.
  const opts = { busPrefix: `kc:test:${crypto.randomUUID()}:` };
  a = await createTestAppOn(database, { REDIS_URL }, opts);
  b = await createTestAppOn(database, { REDIS_URL }, opts);
  await Promise.all([a.ctx.bus.ready(), b.ctx.bus.ready()]);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await drop();
});

const hotNames = async (t: TestApp): Promise<string[]> => {
  const { body } = await new Client(t.app).get('/api/common');
  return body.data.rnss.map((r: { name: string }) => r.name);
};

describe('the bus on Redis between two instances', () => {
  it('a content write on one instance clears the common-data cache on the other at once', async () => {
    // Both warm; the clocks stand still, so no TTL can expire during this test.
    await hotNames(a);
    await hotNames(b);
    // A write behind the services' back stays unseen on B: its reply comes from memory.
    await database.db
      .insert(hotSearches)
      .values({ name: '维生素C', url: '/search?keywords=vc&type=0', sort: 90 });
    expect(await hotNames(b)).not.toContain('维生素C');

    await createHotSearch(a.ctx.database.db, { name: '氯雷他定', sort: 91 }, a.ctx.bus);
    // A dropped its own copy synchronously; B hears it over Redis.
    expect(await hotNames(a)).toContain('氯雷他定');
    await vi.waitFor(async () => expect(await hotNames(b)).toContain('氯雷他定'), {
      timeout: 2_000,
      interval: 20,
    });
    expect(await hotNames(b)).toContain('维生素C');
  });

  it('delivers each message once on every instance, the publisher included', async () => {
    const onA = vi.fn();
    const onB = vi.fn();
    a.ctx.bus.subscribe('probe', onA);
    b.ctx.bus.subscribe('probe', onB);
    a.ctx.bus.publish('probe', 'hello');
    expect(onA).toHaveBeenCalledExactlyOnceWith('hello');
    await vi.waitFor(() => expect(onB).toHaveBeenCalledTimes(1), { timeout: 2_000, interval: 20 });
    // B's own echo round trip done: A's echo from Redis has had time to arrive and was skipped.
    b.ctx.bus.publish('probe', 'back');
    await vi.waitFor(() => expect(onA).toHaveBeenCalledTimes(2), { timeout: 2_000, interval: 20 });
    expect(onA.mock.calls).toEqual([['hello'], ['back']]);
    expect(onB.mock.calls).toEqual([['hello'], ['back']]);
  });
});
