// The concurrent edit round of `npm run bench:cart`, run in a worker thread (see cart.ts).
import { setTimeout as pause } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { HttpMember, timed } from './cart-client.js';

export interface EditRoundJob {
  members: { base: string; cookies: [string, string][] }[];
  lineIds: number[][];
  editsPerCart: number;
  pauseMs: number;
}

export interface EditRoundResult {
  ms: number[];
  errors: number;
}

async function round(job: EditRoundJob): Promise<EditRoundResult> {
  const errors = { n: 0 };
  const ms: number[] = [];
  await Promise.all(
    job.members.map(async (session, k) => {
      const member = new HttpMember(session.base, session.cookies);
      const ids = job.lineIds[k] ?? [];
      for (let i = 0; i < job.editsPerCart; i += 1) {
        const id = ids[(i * 37 + k) % ids.length];
        const number = (i % 12) + 1;
        ms.push(await timed(() => member.post(`/api/cart/${id}/edit`, { params: { number } }), errors));
        if (job.pauseMs > 0) await pause(job.pauseMs);
      }
    }),
  );
  return { ms, errors: errors.n };
}

if (parentPort) parentPort.postMessage(await round(workerData as EditRoundJob));
