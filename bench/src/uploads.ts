// `npm run bench:uploads`: does a 5 MB upload stall other requests? N members upload 5 MB
// multipart documents in a loop while another client polls /api/health one call after the
// other; prints the health latencies and the upload throughput, on PostgreSQL and PGlite, over
// real HTTP (issue 15 item 7, decision 045). Prints JSON.
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { UPLOAD_RULES } from '@kc/domain';
import { buildApp } from '@kc/server/dist/app.js';
import { createContext } from '@kc/server/dist/app/compose.js';
import { loadConfig } from '@kc/server/dist/platform/config.js';
import { seedAccounts } from '@kc/server/dist/seed/accounts.js';
import { cloneBuyers } from '@kc/server/dist/modules/order/fixtures.js';
import { openEngine } from './engine.js';
import { summary } from './lib.js';
import type { ClientResult, HealthJob, UploadJob } from './uploads-worker.js';

const CONCURRENCY = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 4);
const UPLOADS: Record<string, number> = {
  postgres: Number(process.env.BENCH_UPLOADS_PG ?? 40),
  pglite: Number(process.env.BENCH_UPLOADS_PGLITE ?? 20),
};

/** A JPEG of exactly the limit: the largest file the server takes. */
const FILE_BYTES = UPLOAD_RULES.maxBytes;

/** Starts a client in a worker thread; `stop()` ends a health poller. */
function inWorker(job: HealthJob | UploadJob) {
  const worker = new Worker(new URL('./uploads-worker.js', import.meta.url), { workerData: job });
  const result = new Promise<ClientResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { result, stop: () => worker.postMessage('stop') };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

async function run(engine: 'postgres' | 'pglite') {
  const { database, drop } = await openEngine(engine, 'uploads');
  try {
    // The context first: it attaches the file store (decision 045) the seeded documents use.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const ctx = createContext(config, database, () => new Date());
    await seedAccounts(database.db);
    const buyers = await cloneBuyers(database.db, CONCURRENCY, 'upl');
    const app = await buildApp(ctx, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      // Two seconds of health calls with nothing else running: the baseline.
      const idle = inWorker({ kind: 'health', url });
      await pause(2000);
      idle.stop();
      const idleMs = (await idle.result).ms;
      const total = UPLOADS[engine] ?? 20;
      // The server's own event loop: a stall shows here whatever else the machine is doing.
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const health = inWorker({ kind: 'health', url });
      const tokens = buyers.map((b) => b.token);
      const up = await inWorker({ kind: 'upload', url, tokens, total, bytes: FILE_BYTES }).result;
      health.stop();
      loop.disable();
      const busy = (await health.result).ms;
      return {
        // PGlite in memory: the files go to a temporary directory, as they go to DATA_DIR/uploads.
        file_store: engine === 'pglite' ? 'disk' : 'large objects (256 KB pieces)',
        health_idle: summary(idleMs),
        health_during_uploads: { ...summary(busy), max_ms: round(Math.max(...busy)) },
        server_event_loop_delay: {
          p50_ms: round(loop.percentile(50) / 1e6),
          p99_ms: round(loop.percentile(99) / 1e6),
          max_ms: round(loop.max / 1e6),
        },
        load_average_1m: round(os.loadavg()[0] ?? 0, 2),
        uploads: { ...summary(up.ms), failed: up.failed },
        throughput: {
          uploads_per_sec: round(total / up.seconds, 2),
          mb_per_sec: round((total * FILE_BYTES) / 1024 / 1024 / up.seconds),
        },
      };
    } finally {
      await app.close();
      await ctx.bus.close();
    }
  } finally {
    await drop();
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const results: Record<string, unknown> = {};
for (const engine of engines) results[engine] = await run(engine);
console.log(
  JSON.stringify(
    {
      bench: 'uploads',
      machine: { cpus: os.cpus().length, node: process.version },
      settings: { concurrency: CONCURRENCY, uploads: UPLOADS, file_bytes: FILE_BYTES },
      aims: { health_p99_ms: 50 },
      ...results,
    },
    null,
    2,
  ),
);
