/**
 * The session lookup without a usable Redis (decision 046): with no REDIS_URL nothing is
 * cached, and with a Redis that cannot be reached every call still works on the database,
 * with one warning. The cache on a real Redis: app/session-cache.redis.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db.js';
import type { Log } from '../platform/log.js';
import { seedAccounts } from '../seed/accounts.js';
import { Client, createTestAppOn, openTestDatabase, type TestApp } from '../test/helper.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedAccounts(database.db);
});
afterAll(() => drop());

/** The database statements one call runs. */
async function statementsOf(call: () => Promise<unknown>): Promise<number> {
  const before = database.stats.statements;
  await call();
  return database.stats.statements - before;
}

describe('sessions without REDIS_URL', () => {
  it('keeps no copy: every authenticated call looks the session up in the database', async () => {
    const t = await createTestAppOn(database);
    try {
      expect(t.ctx.sessionCache.kind).toBe('none');
      const c = new Client(t.app, '10.46.0.1');
      expect((await c.login('demo', 'demo123456')).status).toBe(200);
      const first = await statementsOf(() => c.get('/api/cart/total'));
      expect(await statementsOf(() => c.get('/api/cart/total'))).toBe(first);
      expect((await c.delete('/api/logout')).status).toBe(200);
      expect((await c.get('/api/cart/total')).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('sessions with a Redis that cannot be reached', () => {
  let t: TestApp;
  const warnings: string[] = [];
  const log: Log = { info: () => undefined, warn: (_o, msg) => void warnings.push(msg) };
  beforeAll(async () => {
    // Nothing listens on port 1: every connection attempt is refused at once.
    t = await createTestAppOn(database, { REDIS_URL: 'redis://127.0.0.1:1' }, { log });
  });
  afterAll(() => t.close());

  it('logs in, serves an authenticated call and logs out on the database, with one warning', async () => {
    const c = new Client(t.app, '10.46.1.1');
    const login = await c.login('demo', 'demo123456');
    expect(login.body).toMatchObject({ code: 10000, msg: '登录成功' });
    const total = await c.get('/api/cart/total');
    expect(total.status).toBe(200);
    expect(total.body.code).toBe(10000);
    expect((await c.get('/api/user/base')).status).toBe(200);
    expect((await c.delete('/api/logout')).body).toMatchObject({ code: 10000, msg: '已退出登录' });

    // The ended session is refused, even when its token is sent again by hand.
    const replay = new Client(t.app, '10.46.1.2');
    replay.headers.authorization = `Bearer ${login.body.data.token as string}`;
    expect((await replay.get('/api/cart/total')).status).toBe(401);
    expect((await c.get('/api/cart/total')).status).toBe(401);
    const fellBack = warnings.filter((w) => w.startsWith('sessions: Redis failed'));
    expect(fellBack).toEqual(['sessions: Redis failed; looking sessions up in the database']);
  });
});
