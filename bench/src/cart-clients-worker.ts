// The clients of `npm run bench:cart`, run in a worker thread (see cart.ts): buyers' browsers
// are elsewhere, so their HTTP and JSON work must not queue on the server's event loop.
import { setTimeout as pause } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { mulberry32 } from '@kc/server/dist/seed/catalog-prng.js';
import { HttpMember, timed } from './cart-client.js';

type Session = { base: string; cookies: [string, string][] };

/** One member sending `GET /api/cart/list` `requests` times in a row, after `warmup` untimed. */
export interface ListJob {
  kind: 'list';
  member: Session;
  requests: number;
  warmup: number;
}

/** One member editing its lines `requests` times in a row. */
export interface EditAloneJob {
  kind: 'editAlone';
  member: Session;
  lineIds: number[];
  requests: number;
}

export interface EditRoundJob {
  kind: 'editRound';
  members: Session[];
  lineIds: number[][];
  editsPerCart: number;
  /** Edits per cart sent first and not timed (see `round`). */
  warmupPerCart: number;
  pauseMs: number;
}

export type ClientJob = ListJob | EditAloneJob | EditRoundJob;

export interface ClientResult {
  ms: number[];
  errors: number;
}

/**
 * Every cart sends `warmupPerCart` edits, untimed, and once all carts are done with those, its
 * `editsPerCart` timed ones. The warm-up opens what a running server already has open: the 50
 * keep-alive connections, the database pool's connections (and their prepared statements), the
 * JIT-compiled code of this thread; without it the first ~200 ms of a round time connection
 * set-up (~1 % of the edits at ~500 ms), not editing.
 */
async function round(job: EditRoundJob): Promise<ClientResult> {
  const errors = { n: 0 };
  const ms: number[] = [];
  const members = job.members.map((session) => new HttpMember(session.base, session.cookies));
  const edits = (count: number, offset: number, record: (ms: number) => void) =>
    Promise.all(
      members.map(async (member, k) => {
        const ids = job.lineIds[k] ?? [];
        // Buyers are not in step: each starts somewhere in the first pause and waits 0.5–1.5
        // pauses between its clicks (seeded, so every run draws the same waits).
        const random = mulberry32(k + 1);
        const think = () => job.pauseMs * (0.5 + random());
        if (job.pauseMs > 0) await pause(job.pauseMs * random());
        for (let j = 0; j < count; j += 1) {
          const i = offset + j;
          const id = ids[(i * 37 + k) % ids.length];
          const number = (i % 12) + 1;
          record(await timed(() => member.post(`/api/cart/${id}/edit`, { params: { number } }), errors));
          if (job.pauseMs > 0) await pause(think());
        }
      }),
    );
  await edits(job.warmupPerCart, 0, () => {});
  await edits(job.editsPerCart, job.warmupPerCart, (t) => ms.push(t));
  return { ms, errors: errors.n }; // errors of the warm-up included
}

async function list(job: ListJob): Promise<ClientResult> {
  const errors = { n: 0 };
  const member = new HttpMember(job.member.base, job.member.cookies);
  for (let i = 0; i < job.warmup; i += 1) await timed(() => member.get('/api/cart/list'), errors);
  const ms: number[] = [];
  for (let i = 0; i < job.requests; i += 1) ms.push(await timed(() => member.get('/api/cart/list'), errors));
  return { ms, errors: errors.n };
}

async function editAlone(job: EditAloneJob): Promise<ClientResult> {
  const errors = { n: 0 };
  const member = new HttpMember(job.member.base, job.member.cookies);
  const ms: number[] = [];
  for (let i = 0; i < job.requests; i += 1) {
    const id = job.lineIds[(i * 37) % job.lineIds.length];
    const params = { number: (i % 12) + 1 };
    ms.push(await timed(() => member.post(`/api/cart/${id}/edit`, { params }), errors));
  }
  return { ms, errors: errors.n };
}

function work(job: ClientJob): Promise<ClientResult> {
  if (job.kind === 'list') return list(job);
  if (job.kind === 'editAlone') return editAlone(job);
  return round(job);
}

if (parentPort) parentPort.postMessage(await work(workerData as ClientJob));
