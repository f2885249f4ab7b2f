// Opens a fresh benchmark database: in-memory PGlite, or a new PostgreSQL database (dropped after).
import crypto from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '@kc/server/dist/platform/db.js';

export async function openEngine(
  engine: 'postgres' | 'pglite',
  tag: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openPglite();
    return { database, drop: () => database.close() };
  }
  const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `kc_bench_${tag}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  // The server's own pool size (DATABASE_POOL_SIZE's default) unless BENCH_PG_POOL says otherwise.
  const pool = process.env.BENCH_PG_POOL;
  const database = await openPostgres(u.toString(), pool ? { max: Number(pool) } : {});
  return {
    database,
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: admin });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
