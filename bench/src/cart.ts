// `npm run bench:cart`: a 300-line cart on PostgreSQL and PGlite — `GET /api/cart/list` p95
// (one member, sequential) and editing one line p99 with 50 carts edited concurrently. JSON.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { summary } from './lib.js';
import { buildWorld, type World } from './cart-setup.js';
import type { ClientJob, ClientResult } from './cart-clients-worker.js';

const LINES = Number(process.env.BENCH_CART_LINES ?? 300);
const CARTS = Number(process.env.BENCH_CARTS ?? 50);
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 200);
const EDITS_PER_CART = Number(process.env.BENCH_EDITS_PER_CART ?? 20);
const EDIT_PAUSE_MS = Number(process.env.BENCH_EDIT_PAUSE_MS ?? 250);
const WARMUP_PER_CART = Number(process.env.BENCH_WARMUP_PER_CART ?? 3);

/** Runs one client job in a worker thread (cart-clients-worker.ts) and returns its timings. */
function inWorker(job: ClientJob): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./cart-clients-worker.js', import.meta.url), { workerData: job });
    worker.once('message', (r: ClientResult) => resolve(r));
    worker.once('error', reject);
    // After a message this settles nothing; without one the run must not wait forever.
    worker.once('exit', (code) => reject(new Error(`client worker exited (${code}) without a result`)));
  });
}

/**
 * Every cart edits one of its lines EDITS_PER_CART times, all carts at once, after
 * WARMUP_PER_CART untimed edits each. `pauseMs` 0 is a closed loop (each cart sends its next
 * edit as soon as the last one answers: saturation); a pause models buyers clicking quantity
 * steppers: each waits 0.5–1.5 pauses (mean one) between its clicks and starts at a random
 * point of the first one, so the carts are not in step.
 */
function editRound(world: World, pauseMs: number): Promise<ClientResult> {
  return inWorker({
    kind: 'editRound',
    members: world.members.map((m) => m.session),
    lineIds: world.lineIds,
    editsPerCart: EDITS_PER_CART,
    warmupPerCart: WARMUP_PER_CART,
    pauseMs,
  });
}

async function run(engine: 'postgres' | 'pglite') {
  const world = await buildWorld(engine, CARTS, LINES);
  try {
    const [first] = world.members;
    if (!first) throw new Error('no members');
    // Every client runs in a worker thread, as buyers' browsers run elsewhere: their HTTP and
    // JSON work (parsing a 300-line list is ~2 ms) does not queue on the server's event loop.
    // They still share the machine's two cores with the server and the database.
    const list = await inWorker({ kind: 'list', member: first.session, requests: LIST_REQUESTS, warmup: 20 });
    const alone = await inWorker({
      kind: 'editAlone',
      member: first.session,
      lineIds: world.lineIds[0] ?? [],
      requests: LIST_REQUESTS,
    });
    const closed = await editRound(world, 0);
    const paced = await editRound(world, EDIT_PAUSE_MS);
    return {
      list: { ...summary(list.ms), errors: list.errors },
      edit_alone: { ...summary(alone.ms), errors: alone.errors },
      edit_concurrent: { ...summary(closed.ms), carts: CARTS, pause_ms: 0, errors: closed.errors },
      edit_concurrent_paced: {
        ...summary(paced.ms),
        carts: CARTS,
        pause_ms: EDIT_PAUSE_MS,
        errors: paced.errors,
      },
    };
  } finally {
    await world.close();
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const results: Record<string, unknown> = {};
for (const engine of engines) results[engine] = await run(engine);
console.log(
  JSON.stringify(
    {
      bench: 'cart',
      machine: { cpus: os.cpus().length, node: process.version },
      settings: {
        lines: LINES,
        carts: CARTS,
        list_requests: LIST_REQUESTS,
        edits_per_cart: EDITS_PER_CART,
        warmup_edits_per_cart: WARMUP_PER_CART,
        edit_pause_ms: EDIT_PAUSE_MS,
      },
      aims: { postgres: { list_p95_ms: 30, edit_p99_ms: 50 }, pglite: { list_p95_ms: 30, edit_p99_ms: 100 } },
      ...results,
    },
    null,
    2,
  ),
);
