import crypto from 'node:crypto';
import pg from 'pg';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../app/compose.js';
import { loadConfig } from '../platform/config.js';
import { openPostgres, type Database } from '../platform/db.js';
import { silentLog } from '../platform/log.js';
import { members, operators } from '../modules/account/schema.js';
import { seedIfEmpty } from './index.js';

// Several instances started together on one empty PostgreSQL database (a cluster's first
// start): each migrates and checks for demo data at once. Needs DATABASE_URL (CI, npm run test:pg).
const base = process.env.DATABASE_URL;
if (!base) throw new Error('the server-pg tests need DATABASE_URL (a PostgreSQL server)');
const name = `kc_startup_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
const url = (() => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
})();

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql);
  await c.end();
}

beforeAll(() => admin(`CREATE DATABASE ${name}`));
afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

describe('three instances starting at once on an empty database', () => {
  let databases: Database[] = [];
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
  });

  it('all three migrate and come up, and the demo data is seeded once', async () => {
    databases = await Promise.all([1, 2, 3].map(() => openPostgres(url, { max: 2 })));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url });
    const contexts = databases.map((d) => createContext(config, d, () => new Date()));
    const seeded = await Promise.all(contexts.map((ctx) => seedIfEmpty(ctx, silentLog)));
    await Promise.all(contexts.map((ctx) => ctx.bus.close()));

    expect(seeded.filter(Boolean)).toHaveLength(1);
    const db = databases[0]!.db;
    const [m] = await db.select({ n: count() }).from(members);
    const [o] = await db.select({ n: count() }).from(operators);
    // The demo accounts (demo, demo_bj, pending) and the four operators, once each.
    expect(m?.n).toBe(3);
    expect(o?.n).toBe(4);
  });
});
