// `npm run bench:cart`: a 300-line cart on PostgreSQL and PGlite — `GET /api/cart/list` p95
// (one member, sequential) and editing one line p99 with 50 carts edited concurrently. JSON.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { summary } from './lib.js';
import { buildWorld, type World } from './cart-setup.js';
import { timed } from './cart-client.js';
import type { EditRoundJob, EditRoundResult } from './cart-edit-worker.js';

const LINES = Number(process.env.BENCH_CART_LINES ?? 300);
const CARTS = Number(process.env.BENCH_CARTS ?? 50);
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 200);
const EDITS_PER_CART = Number(process.env.BENCH_EDITS_PER_CART ?? 20);
const EDIT_PAUSE_MS = Number(process.env.BENCH_EDIT_PAUSE_MS ?? 250);

/**
 * Every cart edits one of its lines EDITS_PER_CART times, all carts at once. `pauseMs` 0 is a
 * closed loop (each cart sends its next edit as soon as the last one answers: saturation);
 * a pause models a buyer clicking a quantity stepper. The clients run in a worker thread, as
 * buyers' browsers run elsewhere: their HTTP work does not queue on the server's event loop
 * (they still share the machine's two cores with it and with the database).
 */
function editRound(world: World, pauseMs: number): Promise<EditRoundResult> {
  const job: EditRoundJob = {
    members: world.members.map((m) => m.session),
    lineIds: world.lineIds,
    editsPerCart: EDITS_PER_CART,
    pauseMs,
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./cart-edit-worker.js', import.meta.url), { workerData: job });
    worker.once('message', (r: EditRoundResult) => resolve(r));
    worker.once('error', reject);
    // After a message this settles nothing; without one the round must not wait forever.
    worker.once('exit', (code) => reject(new Error(`edit worker exited (${code}) without a result`)));
  });
}

async function run(engine: 'postgres' | 'pglite') {
  const world = await buildWorld(engine, CARTS, LINES);
  try {
    const [first] = world.members;
    if (!first) throw new Error('no members');
    const listErrors = { n: 0 };
    for (let i = 0; i < 20; i += 1) await first.get('/api/cart/list');
    const list: number[] = [];
    for (let i = 0; i < LIST_REQUESTS; i += 1)
      list.push(await timed(() => first.get('/api/cart/list'), listErrors));

    const seqErrors = { n: 0 };
    const seq: number[] = [];
    const firstIds = world.lineIds[0] ?? [];
    for (let i = 0; i < LIST_REQUESTS; i += 1) {
      const id = firstIds[(i * 37) % firstIds.length];
      seq.push(
        await timed(
          () => first.post(`/api/cart/${id}/edit`, { params: { number: (i % 12) + 1 } }),
          seqErrors,
        ),
      );
    }
    const closed = await editRound(world, 0);
    const paced = await editRound(world, EDIT_PAUSE_MS);
    return {
      list: { ...summary(list), errors: listErrors.n },
      edit_alone: { ...summary(seq), errors: seqErrors.n },
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
        edit_pause_ms: EDIT_PAUSE_MS,
      },
      aims: { postgres: { list_p95_ms: 30, edit_p99_ms: 50 }, pglite: { list_p95_ms: 30, edit_p99_ms: 100 } },
      ...results,
    },
    null,
    2,
  ),
);
