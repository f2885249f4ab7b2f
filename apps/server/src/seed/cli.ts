/**
 * `npm run seed -- [--goods N] [--reset]`: seeds the configured database (PGlite in
 * DATA_DIR, or DATABASE_URL). Refuses a database that already holds data unless --reset.
 * `npm run seed -- --reindex-search` instead recomputes the search columns of the goods there
 * (after a change of the search terms, e.g. migration 0011) and seeds nothing.
 */
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { createContext } from '../app/compose.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase, type Database } from '../platform/db.js';
import { reindexSearch } from '../modules/catalog/goods-write.js';
import { goods } from '../modules/catalog/schema.js';
import { members } from '../modules/account/schema.js';
import { resultRows } from '../modules/catalog/menus.js';
import { announceSeeded, DEMO_LOGINS, DEMO_PAY_PASSWORD, seedDemo } from './index.js';

function options(): { goods: number; reset: boolean; reindex: boolean } {
  const { values } = parseArgs({
    options: {
      goods: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'reindex-search': { type: 'boolean', default: false },
    },
  });
  const n = values.goods === undefined ? 2400 : Number(values.goods);
  if (!Number.isInteger(n) || n < 1 || n > 450_000)
    throw new Error(`--goods must be a whole number from 1 to 450000 (got ${values.goods})`);
  return { goods: n, reset: values.reset ?? false, reindex: values['reindex-search'] ?? false };
}

/** Empties every table (the schema and its migrations stay). */
async function reset(database: Database): Promise<void> {
  const res = await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = resultRows<{ tablename: string }>(res).map((r) => `"${r.tablename}"`);
  if (tables.length)
    await database.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}

async function main(): Promise<void> {
  const opts = options();
  const config = loadConfig();
  const database = await openDatabase(config);
  // The bus tells running servers (with REDIS_URL) to drop what they cached of the old data.
  const ctx = createContext(config, database, () => new Date());
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  try {
    if (opts.reindex) {
      const n = await reindexSearch(database.db);
      await database.db.execute(sql`vacuum analyze goods`);
      console.log(`recomputed the search columns of ${n} goods in ${where}`);
      return;
    }
    if (opts.reset) {
      await reset(database);
      console.log(`emptied ${where}`);
    }
    const [m] = await database.db.select({ n: count() }).from(members);
    const [g] = await database.db.select({ n: count() }).from(goods);
    if ((m?.n ?? 0) > 0 || (g?.n ?? 0) > 0) {
      console.error(
        `${where} already holds data (${m?.n ?? 0} members, ${g?.n ?? 0} goods); run with --reset to rebuild it.`,
      );
      process.exitCode = 1;
      return;
    }
    console.log(`seeding ${where} with ${opts.goods.toLocaleString('en')} goods…`);
    const started = performance.now();
    await seedDemo(database.db, { goods: opts.goods });
    announceSeeded(ctx.bus);
    // A bulk load leaves the GIN indexes' pending lists full and the planner without
    // statistics: both make searches fall back to sequential scans until autovacuum runs.
    await database.db.execute(sql`vacuum analyze`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const [after] = await database.db.select({ n: count() }).from(goods);
    console.log(`seeded ${after?.n ?? 0} goods and the demo accounts and content in ${seconds} s`);
    for (const l of DEMO_LOGINS) console.log(`  ${l.role}: ${l.username} / ${l.password}`);
    console.log(`  payment password (余额支付) of demo and demo_bj: ${DEMO_PAY_PASSWORD}`);
  } finally {
    await ctx.bus.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
