// The purge jobs (issue 16 item 1): expired sessions and ended rate-limit windows are deleted
// in batches claimed with `skip locked`, so two instances purging at once remove every due
// row once and keep the live ones. On PostgreSQL (CI) the two purges race on the pool.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../platform/db.js';
import { sweepLimits } from '../platform/limits.js';
import { purgeExpiredSessions } from '../modules/account/sessions.js';
import { openTestDatabase } from '../test/helper.js';

let database: Database;
let drop: () => Promise<void>;
const now = new Date('2026-06-01T08:00:00Z');
const past = new Date(now.getTime() - 60_000).toISOString();
const future = new Date(now.getTime() + 3600_000).toISOString();

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const count = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await database.db.execute(query))[0]!.n;

describe('two purges at once', () => {
  it('remove each of 2500 expired sessions once, in batches, and keep the live ones', async () => {
    const db = database.db;
    await db.execute(sql`insert into sessions (id, subject_type, subject_id, expires_at)
      select 'old-' || i, 'member', 1, ${past}::timestamptz from generate_series(1, 2500) i
      union all select 'live-' || i, 'member', 1, ${future}::timestamptz from generate_series(1, 10) i`);
    const [a, b] = await Promise.all([purgeExpiredSessions(db, now), purgeExpiredSessions(db, now)]);
    expect(a.purged + b.purged).toBe(2500);
    expect(await count(sql`select count(*)::int as n from sessions where id like 'old-%'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from sessions where id like 'live-%'`)).toBe(10);
  });

  it('drop each of 2500 ended rate-limit windows once, in batches, and keep the running ones', async () => {
    const db = database.db;
    await db.execute(sql`insert into rate_limits (key, hits, reset_at)
      select 'old:' || i, 3, ${past}::timestamptz from generate_series(1, 2500) i
      union all select 'live:' || i, 3, ${future}::timestamptz from generate_series(1, 10) i`);
    const [a, b] = await Promise.all([sweepLimits(db, now), sweepLimits(db, now)]);
    expect(a.swept + b.swept).toBe(2500);
    expect(await count(sql`select count(*)::int as n from rate_limits where key like 'old:%'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from rate_limits where key like 'live:%'`)).toBe(10);
  });
});
