import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface Started {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Waits until `url` answers 200, or fails after `ms`. */
export async function waitFor(url: string, ms = 180_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${url}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts the built API server as a child process on a fresh temporary embedded database. */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<Started> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kc-bench-'));
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  requests_per_sec: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  errors: number;
  non_2xx: number;
}

/** Runs autocannon against one URL after a short warm-up. */
export async function load(
  url: string,
  opts: { seconds?: number; connections?: number } = {},
): Promise<LoadResult> {
  await autocannon({ url, duration: 2, connections: opts.connections ?? 32 });
  const r = await autocannon({ url, duration: opts.seconds ?? 10, connections: opts.connections ?? 32 });
  return {
    requests_per_sec: Math.round(r.requests.average),
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    errors: r.errors,
    non_2xx: r.non2xx,
  };
}

/** The p-th percentile of sorted milliseconds, to 0.1 ms. */
export function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, i)] ?? 0) * 10) / 10;
}

/** Count, p50, p95 and p99 of a set of timings. */
export function summary(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return {
    requests: s.length,
    p50_ms: percentile(s, 50),
    p95_ms: percentile(s, 95),
    p99_ms: percentile(s, 99),
  };
}
