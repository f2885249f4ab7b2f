// The clients of `npm run bench:uploads`, each kind in its own worker thread (see uploads.ts):
// building 5 MB multipart bodies must not queue on the server's event loop, nor delay the
// health calls being timed.
import { parentPort, workerData } from 'node:worker_threads';

/** Polls /api/health back to back until told to stop; answers each call's time. */
export interface HealthJob {
  kind: 'health';
  url: string;
}

/** `total` uploads of `bytes` (a JPEG), one at a time per token, all tokens at once. */
export interface UploadJob {
  kind: 'upload';
  url: string;
  tokens: string[];
  total: number;
  bytes: number;
}

export interface ClientResult {
  ms: number[];
  failed: number;
  seconds: number;
}

async function health(job: HealthJob): Promise<ClientResult> {
  let stop = false;
  parentPort!.once('message', () => (stop = true));
  const ms: number[] = [];
  const t0 = performance.now();
  while (!stop) {
    const t = performance.now();
    await (await fetch(`${job.url}/api/health`)).arrayBuffer();
    ms.push(performance.now() - t);
    // Let the stop message in between calls.
    await new Promise((r) => setImmediate(r));
  }
  return { ms, failed: 0, seconds: (performance.now() - t0) / 1000 };
}

async function upload(job: UploadJob): Promise<ClientResult> {
  const file = new Uint8Array(job.bytes);
  file.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  const ms: number[] = [];
  let failed = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    job.tokens.map(async (token) => {
      while (next < job.total) {
        const n = next++;
        const form = new FormData();
        form.append('type', 'business_licence');
        form.append('number', `BENCH-${n}`);
        form.append('valid_to', '2099-12-31');
        form.append('file', new Blob([file], { type: 'image/jpeg' }), 'licence.jpg');
        const t = performance.now();
        const res = await fetch(`${job.url}/api/user/zizhi`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const j = (await res.json()) as { code: number };
        ms.push(performance.now() - t);
        if (j.code !== 10000) failed += 1;
      }
    }),
  );
  return { ms, failed, seconds: (performance.now() - t0) / 1000 };
}

const job = workerData as HealthJob | UploadJob;
parentPort!.postMessage(await (job.kind === 'health' ? health(job) : upload(job)));
