import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
  /** The embedded database's directory; undefined in memory and on PostgreSQL. */
  dir?: string;
  /** Counts statements sent, so tests can prove a call's cost does not grow with its size. */
  stats: { statements: number };
  close(): Promise<void>;
  /**
   * Runs start-up work (the first seed) so that only one instance does it at a time. PGlite
   * serves one process, so there it simply runs.
   */
  startupLock<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * A user's text made literal inside a LIKE / ILIKE pattern: `%`, `_` and the escape character
 * (a backslash, PostgreSQL's default) lose their meaning. Wrap it yourself: `%${escapeLike(q)}%`.
 */
export function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, '\\$&');
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
  // JIT off (decision 073): the app's statements are short, and PostgreSQL compiled any whose
  // estimated cost passed jit_above_cost (a member's goods list: ~60 ms of LLVM per statement,
  // three statements a page) for queries that then ran in a few milliseconds.
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    Client: PreparingClient,
    options: '-c jit=off',
  });
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

/** An unreachable host fails start-up instead of hanging it. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The database could not be opened (unreachable, refused, locked by another process): one
 * line that main.ts prints before exiting, never the URL's password or a stack.
 */
export class DatabaseOpenError extends Error {}

/** `host:port/database` of a connection URL, without user or password. */
export function whereIs(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the DATABASE_URL given (not a valid URL)';
  }
}

/**
 * The driver's reason in one line: its message and error code (Node's refused connection to
 * `localhost` is an AggregateError with an empty message). The password is cut out should a
 * driver ever echo it.
 */
function reason(err: unknown, url: string): string {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = (typeof e.message === 'string' ? e.message.split('\n')[0] : '') || code || 'unknown error';
  const text = code && !message.includes(code) ? `${message} (${code})` : message;
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    /* not a URL: nothing to cut */
  }
  return password ? text.split(password).join('***') : text;
}

/** The first connection start-up makes: whatever goes wrong becomes one clear DatabaseOpenError. */
async function connectOwn(url: string): Promise<pg.Client> {
  try {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('error', () => {});
    await client.connect();
    return client;
  } catch (err) {
    const where = whereIs(url);
    throw new DatabaseOpenError(
      `Cannot connect to PostgreSQL at ${where}: ${reason(err, url)} (check DATABASE_URL)`,
    );
  }
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
  const client = await connectOwn(url);
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
export async function openPglite(dir?: string, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  let release = () => {};
  if (dir) {
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (err) {
      throw new DatabaseOpenError(`Cannot open the embedded database in ${dir}: ${reason(err, '')}`);
    }
    release = takeLock(dir);
  }
  const client = new PreparingPGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
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
    dir,
    stats,
    close: async () => {
      await client.close();
      release();
    },
    startupLock: (work) => work(),
  };
}

/**
 * A migrated, empty embedded database as a data-directory image: tests open their fresh
 * database from it (`openPglite(undefined, { loadDataDir })`) instead of running every
 * migration again, which costs several times more.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await client.waitReady;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

export class DataDirLockedError extends DatabaseOpenError {}

/**
 * The data directory's lock: `server.lock` holds the server's pid, `server.lock.start` the
 * start time of that process as Linux counts it (clock ticks after boot), which tells the
 * holder from a later process that was given the same pid.
 */
function takeLock(dir: string): () => void {
  const lockFile = path.join(dir, 'server.lock');
  const startFile = `${lockFile}.start`;
  const write = () => {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
    const own = procStat(process.pid);
    if (own) fs.writeFileSync(startFile, String(own.startTicks));
    else fs.rmSync(startFile, { force: true });
  };
  try {
    write();
  } catch {
    const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (holder && holder !== process.pid && holdsLock(holder, startFile)) {
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
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) {
        fs.rmSync(startFile, { force: true });
        fs.rmSync(lockFile);
      }
    } catch {
      /* already gone */
    }
  };
}

/**
 * Whether the process named in the lock file still holds it. After `kill -9` the pid still
 * answers as a zombie until its parent reaps it (a supervisor that restarted at once was
 * refused), and in a container a restarted server's old pid soon belongs to another process:
 * both are taken over at once. Linux tells them apart by /proc/<pid>/stat; elsewhere, or for a
 * lock without its start file, a live pid counts as the holder.
 */
function holdsLock(pid: number, startFile: string): boolean {
  if (!isAlive(pid)) return false;
  const p = procStat(pid);
  if (!p) return true;
  if (p.state === 'Z' || p.state === 'X') return false;
  let recorded: string;
  try {
    recorded = fs.readFileSync(startFile, 'utf8').trim();
  } catch {
    return true;
  }
  return recorded === String(p.startTicks);
}

/** A process's state letter and start time (clock ticks after boot) from /proc, or null. */
function procStat(pid: number): { state: string; startTicks: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces and parentheses): the state is
    // field 3 of the line, the start time field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTicks: Number(fields[19]) };
  } catch {
    return null;
  }
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
