import fs from 'node:fs';
import path from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from '../db/schema.js';
import { PreparingClient, PreparingPGlite } from './prepared.js';

export { prepared } from './prepared.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Counts statements sent, so tests can prove a call's cost does not grow with its size. */
  stats: { statements: number };
  close(): Promise<void>;
  /**
   * Runs start-up work (the first seed) so that only one instance does it at a time. PGlite
   * serves one process, so there it simply runs.
   */
  startupLock<T>(work: () => Promise<T>): Promise<T>;
}

/** The rows of a raw `db.execute(sql…)`: PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

class StatementCounter {
  constructor(private readonly stats: { statements: number }) {}
  logQuery(): void {
    this.stats.statements += 1;
  }
}

/** Opens PostgreSQL through a pool (production, CI) and applies the migrations. */
export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, Client: PreparingClient });
  // A connection the server drops (a restart, a failover, a dropped test database) must not
  // crash the process: the pool replaces idle clients, and a query on a dead one fails with
  // its own error. pg-pool's end() resolves before the sockets close, so each client keeps a
  // listener of its own for a server message that arrives while it is closing.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const stats = { statements: 0 };
  const db = drizzlePg(pool, { schema, logger: new StatementCounter(stats) }) as unknown as Db;
  await withStartupLock(url, () => migratePg(drizzlePg(pool), { migrationsFolder }));
  return {
    db,
    kind: 'postgres',
    stats,
    close: () => pool.end(),
    startupLock: (work) => withStartupLock(url, work),
  };
}

/** The advisory lock key that serialises start-up work (migrations, first seed) across instances. */
const STARTUP_LOCK = 727_001;

/**
 * Runs `work` while holding a session-level advisory lock on a connection of its own (outside
 * the pool, so a pool of one cannot deadlock), so that instances started together on one
 * database migrate and seed one after another: drizzle's migrator takes no lock, and two of
 * them creating its table at once crash one instance.
 */
async function withStartupLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    // Ending the session releases the lock, also when the unlock is never reached.
    await client.end();
  }
}

/**
 * Opens the embedded PGlite database. With a directory it persists there and takes a lock
 * file: PGlite is single-process, so a second server on the same directory is refused.
 * Without one it lives in memory (tests).
 */
export async function openPglite(dir?: string): Promise<Database> {
  let release = () => {};
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    release = takeLock(dir);
  }
  const client = new PreparingPGlite(
    dir ? { dataDir: dir, extensions: { pg_trgm } } : { extensions: { pg_trgm } },
  );
  await client.waitReady;
  const stats = { statements: 0 };
  const db = drizzlePglite(client, { schema, logger: new StatementCounter(stats) }) as unknown as Db;
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (err) {
    await client.close();
    release();
    throw err;
  }
  return {
    db,
    kind: 'pglite',
    stats,
    close: async () => {
      await client.close();
      release();
    },
    startupLock: (work) => work(),
  };
}

export class DataDirLockedError extends Error {}

function takeLock(dir: string): () => void {
  const lockFile = path.join(dir, 'server.lock');
  const write = () => fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  try {
    write();
  } catch {
    const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `The embedded database in ${dir} is in use by process ${holder}. PGlite serves one process only: ` +
          'stop that server first, or point DATABASE_URL at PostgreSQL to run several instances.',
      );
    }
    fs.rmSync(lockFile, { force: true });
    write();
  }
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Opens the database the configuration names. */
export function openDatabase(cfg: {
  databaseUrl: string | undefined;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<Database> {
  return cfg.databaseUrl
    ? openPostgres(cfg.databaseUrl, { max: cfg.databasePoolSize })
    : openPglite(path.join(cfg.dataDir, 'pglite'));
}
