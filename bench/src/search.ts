// `npm run bench:search`: search latency on a 200,000-goods catalogue, on PGlite and on
// PostgreSQL (127.0.0.1:5432, user postgres), with 1 and 16 concurrent clients. Prints JSON.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot, startServer } from './lib.js';
import { categoriesFrom, type Category } from './search-queries.js';

const GOODS = Number(process.env.BENCH_GOODS ?? 200_000);
const SOLO = Number(process.env.BENCH_SOLO_REQUESTS ?? 100);
const PER_CLIENT = Number(process.env.BENCH_CONCURRENT_REQUESTS ?? 20);
// Port of the API under test (PGlite, then PostgreSQL, one after the other).
const PORT = Number(process.env.BENCH_PORT ?? 3211);
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cacheDir = path.join(repoRoot, '.tmp', `bench-search-pglite-${GOODS}`);
const log = (msg: string) => process.stderr.write(`[bench:search] ${msg}\n`);

function seed(env: Record<string, string>): number {
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'apps/server/dist/seed/cli.js'), '--goods', String(GOODS), '--reset'],
    { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 2, 2] },
  );
  if (r.status !== 0) throw new Error(`seeding failed (${r.status})`);
  return Math.round((performance.now() - started) / 100) / 10;
}

/** The PGlite catalogue is cached under .tmp/, keyed by the migrations and seed code it was built with. */
function pgliteDir(): { dir: string; seed_seconds: number | 'cached' } {
  const hash = createHash('sha256');
  for (const [dir, ext] of [
    ['apps/server/drizzle', '.sql'],
    ['apps/server/dist/seed', '.js'],
  ] as const) {
    const abs = path.join(repoRoot, dir);
    for (const f of fs
      .readdirSync(abs)
      .filter((n) => n.endsWith(ext))
      .sort())
      hash.update(fs.readFileSync(path.join(abs, f)));
  }
  const key = hash.digest('hex');
  const marker = path.join(cacheDir, '.bench-key');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === key)
    return { dir: cacheDir, seed_seconds: 'cached' };
  fs.rmSync(cacheDir, { recursive: true, force: true });
  log(`building ${GOODS} goods on PGlite in ${cacheDir}…`);
  const seconds = seed({ DATA_DIR: cacheDir });
  fs.writeFileSync(marker, key);
  return { dir: cacheDir, seed_seconds: seconds };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const round = (n: number) => Math.round(n * 10) / 10;

async function timed(url: string): Promise<{ ms: number; total: number; capped: boolean }> {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = (await res.json()) as { code: number; data: { total: number; total_capped?: 1 } };
  const ms = performance.now() - t0;
  if (body.code !== 10000) throw new Error(`${url} answered ${body.code}`);
  return { ms, total: body.data.total, capped: body.data.total_capped === 1 };
}

async function measure(base: string, cat: Category, clients: number, perClient: number) {
  const urls = cat.queries.map(
    (q) => `${base}/api/goods/list?keywords=${encodeURIComponent(q.keywords)}&type=${q.type}&page_size=20`,
  );
  for (const u of urls) await timed(u); // warm-up: one pass
  const times: number[] = [];
  let hits = 0;
  let capped = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const r = await timed(urls[(c * 7 + i) % urls.length]!);
        times.push(r.ms);
        hits += r.total;
        if (r.capped) capped++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50_ms: round(pct(times, 50)),
    p95_ms: round(pct(times, 95)),
    // `total` of the replies; a capped reply counts as the cap (GOODS_COUNT_CAP).
    mean_hits: Math.round(hits / times.length),
    capped_share: round(capped / times.length),
  };
}

async function run(env: Record<string, string>, port: number) {
  const server = await startServer(port, { SEED: 'off', ...env });
  const exited = (code: number | null, signal: string | null) =>
    log(`server on :${port} exited (code ${code}, signal ${signal})`);
  server.child.on('exit', exited);
  try {
    const cats = await categoriesFrom(server.url);
    const out: Record<string, unknown> = {};
    for (const cat of cats) {
      out[cat.name] = {
        queries: cat.queries.length,
        example: cat.queries[0]?.keywords,
        one_client: await measure(server.url, cat, 1, SOLO),
        sixteen_clients: await measure(server.url, cat, 16, PER_CLIENT),
      };
      log(`${cat.name} done`);
    }
    return out;
  } finally {
    server.child.off('exit', exited);
    await server.stop();
  }
}

async function postgres() {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  try {
    await admin.connect();
  } catch (err) {
    return { skipped: `PostgreSQL unreachable at ${PG_ADMIN}: ${(err as Error).message}` };
  }
  const name = `kc_bench_search_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const u = new URL(PG_ADMIN);
    u.pathname = `/${name}`;
    log(`building ${GOODS} goods on PostgreSQL (${name})…`);
    const seed_seconds = seed({ DATABASE_URL: u.toString() });
    const server = (await admin.query<{ v: string }>('select version() as v')).rows[0]!.v.split(' on ')[0];
    return { server, seed_seconds, ...(await run({ DATABASE_URL: u.toString() }, PORT)) };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const lite = pgliteDir();
const pglite = { seed_seconds: lite.seed_seconds, ...(await run({ DATA_DIR: lite.dir }, PORT)) };
const postgresql = await postgres();
console.log(
  JSON.stringify(
    {
      bench: 'search',
      machine: { cpus: os.cpus().length, node: process.version },
      settings: {
        goods: GOODS,
        call: 'GET /api/goods/list?keywords=…&type=…&page_size=20 (visitor)',
        one_client_requests: SOLO,
        sixteen_clients_requests: PER_CLIENT * 16,
      },
      pglite,
      postgresql,
    },
    null,
    2,
  ),
);
