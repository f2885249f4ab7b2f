/**
 * The session cache on Redis (decision 046), two (and three) app instances on one database and
 * one Redis: a session found on one is served from Redis on the others, and whatever ends it on
 * one instance is refused on every other by the time its reply arrives. Run with
 * `npm run test:redis` (the `server-redis` project).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '@kc/domain';
import type { Database } from '../platform/db.js';
import type { Log } from '../platform/log.js';
import type { SessionCache } from '../platform/session-cache.js';
import { seedAccounts } from '../seed/accounts.js';
import { lastCode, requestCode } from '../test/account-fixtures.js';
import { Client, createTestAppOn, openTestDatabase, type TestApp } from '../test/helper.js';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) throw new Error('REDIS_URL must name a Redis server (npm run test:redis sets it)');

let database: Database;
let drop: () => Promise<void>;
let a: TestApp;
let b: TestApp;
let c: TestApp;
const warnings: string[] = [];
const log: Log = { info: () => undefined, warn: (_o, msg) => void warnings.push(msg) };
// Fresh prefixes: parallel runs on one Redis share neither sessions nor counts.
const run = `kc:test:${crypto.randomUUID()}:`;
const opts = { busPrefix: `${run}bus:`, limitsPrefix: `${run}limit:`, sessionsPrefix: `${run}session:` };

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedAccounts(database.db);
  a = await createTestAppOn(database, { REDIS_URL }, opts);
  b = await createTestAppOn(database, { REDIS_URL }, opts);
  c = await createTestAppOn(database, { REDIS_URL }, { ...opts, log });
  // One clock for the three instances: a password reset compares their times.
  b.clock.now = c.clock.now = a.clock.now;
});
afterAll(async () => {
  for (const t of [a, b, c]) await t.close();
  await drop();
});

const redisOf = (cache: SessionCache) => {
  if (cache.kind !== 'redis') throw new Error('expected the Redis session cache');
  return cache.connection;
};
const keyOf = (token: string) =>
  opts.sessionsPrefix + crypto.createHash('sha256').update(token).digest('hex');

async function statementsOf(call: () => Promise<unknown>): Promise<number> {
  const before = database.stats.statements;
  await call();
  return database.stats.statements - before;
}

/** Logs in on `on` and returns the token, usable from any instance as a Bearer token. */
async function loginOn(on: TestApp, username: string, ip: string): Promise<string> {
  const res = await new Client(on.app, ip).login(username, 'demo123456');
  expect(res.body.code).toBe(10000);
  return res.body.data.token as string;
}
const bearer = (on: TestApp, token: string) => {
  const client = new Client(on.app, '10.46.9.9');
  client.headers.authorization = `Bearer ${token}`;
  return client;
};

describe('sessions cached in Redis, shared by every instance', () => {
  it('serves a session found once from Redis, keyed by the token’s hash, one statement fewer', async () => {
    const token = await loginOn(a, 'demo', '10.46.2.1');
    const onB = bearer(b, token);
    const first = await statementsOf(async () => expect((await onB.get('/api/cart/total')).status).toBe(200));
    const cached = await statementsOf(async () =>
      expect((await onB.get('/api/cart/total')).status).toBe(200),
    );
    expect(cached).toBe(first - 1);

    const redis = redisOf(a.ctx.sessionCache);
    expect(await redis.exists(keyOf(token))).toBe(1);
    const keys = await redis.keys(`${opts.sessionsPrefix}*`);
    expect(keys.some((k) => k.includes(token))).toBe(false);
    expect(await redis.get(keyOf(token))).not.toContain(token);
    const ttl = await redis.pttl(keyOf(token));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('refuses on B at once a session logged out on A', async () => {
    const browser = new Client(a.app, '10.46.3.1');
    const token = (await browser.login('demo', 'demo123456')).body.data.token as string;
    const onB = bearer(b, token);
    expect((await onB.get('/api/cart/total')).status).toBe(200);
    expect((await onB.get('/api/cart/total')).status).toBe(200);
    expect((await browser.delete('/api/logout')).body.msg).toBe('已退出登录');
    const refused = await onB.get('/api/cart/total');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(10001);
  });

  it('refuses on B at once the session a login on A rotated away', async () => {
    const browser = new Client(a.app, '10.46.3.2');
    const old = (await browser.login('demo', 'demo123456')).body.data.token as string;
    expect((await bearer(b, old).get('/api/cart/total')).status).toBe(200);
    await browser.login('demo', 'demo123456');
    expect((await bearer(b, old).get('/api/cart/total')).status).toBe(401);
    expect((await browser.get('/api/cart/total')).status).toBe(200);
  });

  it('ends on B at once every session of a password reset on A', async () => {
    const token = await loginOn(b, 'pending', '10.46.4.1');
    const onB = bearer(b, token);
    expect((await onB.get('/api/user/base')).status).toBe(200);
    expect((await onB.get('/api/user/base')).status).toBe(200);

    a.clock.now = new Date(a.clock.now.getTime() + 1000);
    const resetter = new Client(a.app, '10.46.4.2');
    await requestCode(resetter, '13900139000', 'reset');
    const v = await resetter.post('/api/user/forget/verify', {
      mobile: '13900139000',
      code: await lastCode(database.db, '13900139000'),
    });
    const res = await resetter.post('/api/user/resetPassword', {
      password: 'NewPassw0rd',
      reset_token: v.body.data.reset_token,
    });
    expect(res.body).toMatchObject({ code: 10000, msg: '密码已重置，请重新登录' });
    expect((await onB.get('/api/user/base')).status).toBe(401);
  });

  it('never puts back a copy of a session just ended (a lookup that read the database before)', async () => {
    const cache = a.ctx.sessionCache;
    const now = a.clock.now;
    const copy = { subjectType: 'member' as const, subjectId: 1, expiresAt: now.getTime() + 3_600_000 };
    await cache.drop(['ended-probe']);
    await b.ctx.sessionCache.put('ended-probe', copy, now);
    expect(await b.ctx.sessionCache.get('ended-probe', now)).toBeNull();
  });

  it('goes to the database when the cache’s connection drops mid-way, with one warning', async () => {
    const browser = new Client(a.app, '10.46.5.1');
    const token = (await browser.login('demo', 'demo123456')).body.data.token as string;
    const onC = bearer(c, token);
    expect((await onC.get('/api/cart/total')).status).toBe(200);
    redisOf(c.ctx.sessionCache).disconnect();
    expect((await onC.get('/api/cart/total')).status).toBe(200);
    expect((await onC.get('/api/user/base')).status).toBe(200);
    expect(warnings).toEqual(['sessions: Redis failed; looking sessions up in the database']);
    // A logout on A still reaches C: C asks the database now.
    await browser.delete('/api/logout');
    expect((await onC.get('/api/cart/total')).status).toBe(401);
    expect(warnings).toHaveLength(1);
  });

  it('never uses a copy past the session’s own expiry', async () => {
    const token = await loginOn(a, 'demo_bj', '10.46.6.1');
    const onB = bearer(b, token);
    expect((await onB.get('/api/cart/total')).status).toBe(200);
    expect(await redisOf(b.ctx.sessionCache).exists(keyOf(token))).toBe(1);
    b.clock.now = new Date(b.clock.now.getTime() + SESSION_TTL_MS + 1000);
    expect((await onB.get('/api/cart/total')).status).toBe(401);
  });
});
