import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helper.js';
import { ConfigError, loadConfig } from './config.js';
import { rowsOf, type Database } from './db.js';
import { createDbLimits, sweepLimits, type Limits } from './limits.js';
import { createRedisLimits } from './limits-redis.js';

let database: Database;
let drop: () => Promise<void>;
const clock = { now: new Date('2026-11-25T10:00:00Z') };
const later = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};
let limits: Limits;
const FIVE_A_MINUTE = { max: 5, windowMs: 60_000 };

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  limits = createDbLimits(database.db, () => clock.now);
});
afterAll(() => drop());

describe('limits counted in the database', () => {
  it('allows max hits in a window, then refuses until it ends', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await limits.hit('k1', FIVE_A_MINUTE)).toEqual({
        allowed: true,
        remaining: 4 - i,
        retryAfterMs: 60_000,
      });
    }
    later(20_000);
    expect(await limits.hit('k1', FIVE_A_MINUTE)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: 40_000,
    });
    later(40_000);
    expect((await limits.hit('k1', FIVE_A_MINUTE)).allowed).toBe(true);
  });

  it('lets exactly max of 40 concurrent hits through', async () => {
    const hits = await Promise.all(Array.from({ length: 40 }, () => limits.hit('k2', FIVE_A_MINUTE)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(5);
  });

  it('takes a hit back with undo, and forgets the key with clear', async () => {
    for (let i = 0; i < 5; i++) await limits.hit('k3', FIVE_A_MINUTE);
    await limits.undo('k3');
    expect((await limits.hit('k3', FIVE_A_MINUTE)).allowed).toBe(true);
    expect((await limits.hit('k3', FIVE_A_MINUTE)).allowed).toBe(false);
    await limits.clear('k3');
    expect((await limits.hit('k3', FIVE_A_MINUTE)).remaining).toBe(4);
  });

  it('sweeps the counters whose window has ended', async () => {
    await limits.hit('k4', FIVE_A_MINUTE);
    later(61_000);
    await sweepLimits(database.db, clock.now);
    const rows = rowsOf(await database.db.execute(sql`select key from rate_limits where key = 'k4'`));
    expect(rows).toHaveLength(0);
  });
});

describe('limits in Redis that cannot reach it', () => {
  it('fall back to the database with a warning, and still refuse', async () => {
    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (_o: object, msg: string) => void warnings.push(msg) };
    const redis = createRedisLimits('redis://127.0.0.1:1', limits, { log, now: () => clock.now });
    try {
      const hits = [];
      for (let i = 0; i < 6; i++) hits.push(await redis.hit('k5', FIVE_A_MINUTE));
      expect(hits.map((h) => h.allowed)).toEqual([true, true, true, true, true, false]);
      expect(warnings).toContain('limits: Redis failed; counting in the database');
    } finally {
      await redis.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, a hop count, or a list of addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });

  it('lists every bad entry', () => {
    const err = (() => {
      try {
        loadConfig({ TRUST_PROXY: '127.0.0.1,nginx,10.0.0.0/33' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([
      'TRUST_PROXY: not a hop count, an IP address or a CIDR range: "nginx", "10.0.0.0/33" (got "127.0.0.1,nginx,10.0.0.0/33")',
    ]);
  });
});
