// The soak's engine (soak.ts is its command line; drill.ts runs it with a failure in the
// middle): builds the world on the running cluster, drives the worker threads, samples
// /proc and the database each interval, and checks the database afterwards.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { summary } from './lib.js';
import { alive, clusterInfo, instances, type ClusterInfo } from './soak-cluster.js';
import { cpuSampler, rssMb, type CpuReport } from './soak-procs.js';
import { verify, type Consistency } from './soak-verify.js';
import { buildSoakWorld, type SoakWorld } from './soak-world.js';
import {
  ARRIVALS,
  CALLS,
  type Arrival,
  type DoneReport,
  type ErrorSample,
  type IntervalReport,
  type Kind,
  type OrderSeen,
  type WorkerJob,
} from './soak-kinds.js';

/** The buyer mix per 100 arrivals (docs/performance.md › Soak). */
export const DEFAULT_MIX: [Arrival, number][] = [
  ['search', 15],
  ['suggest', 15],
  ['list', 12],
  ['detail', 16],
  ['cart_list', 6],
  ['cart_edit', 20],
  ['checkout', 4],
  ['order_list', 8],
  ['order_detail', 4],
];

export interface PhaseOptions {
  /** Requests per second aimed at (arrivals are this divided by the calls per arrival). */
  rate: number;
  durationS: number;
  intervalS: number;
  mix: [Arrival, number][];
  workers: number;
  /** Keep-alive connections per worker thread. */
  connections: number;
}

/** Something done to the cluster `atS` seconds into the run (a drill's failure). */
export interface SoakEvent {
  atS: number;
  name: string;
  run(): Promise<unknown>;
}

export interface KindStats {
  requests: number;
  errors: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
}

export interface IntervalResult {
  t_s: number;
  seconds: number;
  requests: number;
  errors: number;
  requests_per_s: number;
  kinds: Partial<Record<Kind | 'all', KindStats>>;
  rss_mb: Record<string, number | null>;
  db_connections: Record<string, number> | null;
  cpu: CpuReport;
  upstreams: Record<string, number>;
  error_kinds: Record<string, number>;
  error_samples: ErrorSample[];
  waited_for_buyer: number;
  retried_by_balancer: number;
}

export interface PhaseResult {
  settings: PhaseOptions & { arrivals_per_s: number; calls_per_arrival: number };
  intervals: IntervalResult[];
  /** Latencies of every interval by kind: the summary's windows are cut from these. */
  raw: Partial<Record<Kind, number[]>>[];
  orders: OrderSeen[];
  events: { name: string; at_s: number; took_s: number; result?: unknown; error?: string }[];
  arrivals: number;
  abandoned: number;
}

export interface SoakContext {
  info: ClusterInfo;
  base: string;
  world: SoakWorld;
  sampler: ReturnType<typeof cpuSampler>;
  connections(): Promise<Record<string, number> | null>;
  close(): Promise<void>;
}

const KINDS_ORDER: Kind[] = [
  'search',
  'suggest',
  'list',
  'detail',
  'cart_list',
  'cart_edit',
  'cart_add',
  'order_preview',
  'order_place',
  'pay_balance',
  'order_list',
  'order_detail',
];

export function parseMix(text: string): [Arrival, number][] {
  return text.split(',').map((part) => {
    const [kind = '', weight = '1'] = part.split('=');
    if (!(ARRIVALS as readonly string[]).includes(kind))
      throw new Error(`unknown kind ${kind} in --mix (${ARRIVALS.join(', ')})`);
    return [kind as Arrival, Number(weight)];
  });
}

/** Connects to the running cluster and builds the soak's buyers and goods on its database. */
export async function prepare(buyers: number): Promise<SoakContext> {
  const info = clusterInfo();
  const base = `http://127.0.0.1:${info.port}`;
  const health = await fetch(`${base}/api/health`).catch(() => null);
  if (!health?.ok) throw new Error(`the cluster does not answer on ${base} (npm run cluster -- status)`);
  const world = await buildSoakWorld(base, info.databaseUrl, buyers);
  const sampler = cpuSampler(info.database);
  let client: pg.Client | null = null;
  // One question at a time on the one connection.
  let queue: Promise<unknown> = Promise.resolve();
  const connections = () => {
    const next = queue.then(ask, ask);
    queue = next;
    return next;
  };
  const ask = async () => {
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: info.databaseUrl, connectionTimeoutMillis: 2000 });
        c.on('error', () => {
          client = null;
        });
        await c.connect();
        client = c;
      }
      const res = await client.query<{ state: string | null; n: number }>(
        `select coalesce(state, 'other') as state, count(*)::int as n from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid() group by 1`,
        [info.database],
      );
      const by = Object.fromEntries(res.rows.map((r) => [r.state!.replace(/ /g, '_'), r.n]));
      return { total: res.rows.reduce((s, r) => s + r.n, 0), ...by };
    } catch {
      client = null;
      return null;
    }
  };
  return {
    info,
    base,
    world,
    sampler,
    connections,
    close: async () => {
      sampler.stop();
      await client?.end().catch(() => {});
      await world.database.close();
    },
  };
}

const stats = (ms: number[], errors: number): KindStats => {
  const s = summary(ms);
  return { requests: s.requests, errors, p50_ms: s.p50_ms, p95_ms: s.p95_ms, p99_ms: s.p99_ms };
};

/** Runs the load for `durationS` seconds, with `events` at their times. */
export async function runPhase(
  ctx: SoakContext,
  opts: PhaseOptions,
  events: SoakEvent[] = [],
): Promise<PhaseResult> {
  const weight = opts.mix.reduce((s, [, w]) => s + w, 0);
  const callsPerArrival = opts.mix.reduce((s, [k, w]) => s + CALLS[k] * w, 0) / weight;
  const arrivalsPerS = opts.rate / callsPerArrival;
  const intervalMs = opts.intervalS * 1000;
  const count = Math.ceil((opts.durationS * 1000) / intervalMs);
  const startAt = Date.now() + 1000;
  const reports: IntervalReport[][] = Array.from({ length: count }, () => []);
  const system: (Pick<IntervalResult, 'rss_mb' | 'db_connections' | 'cpu'> | undefined)[] = [];
  const done: DoneReport[] = [];
  const result: PhaseResult = {
    settings: {
      ...opts,
      arrivals_per_s: Math.round(arrivalsPerS * 100) / 100,
      calls_per_arrival: Math.round(callsPerArrival * 100) / 100,
    },
    intervals: [],
    raw: [],
    orders: [],
    events: [],
    arrivals: 0,
    abandoned: 0,
  };

  // System figures at the end of each interval (the CPU averaged over it).
  ctx.sampler.take();
  const sampleSystem = async (k: number) => {
    const rss: Record<string, number | null> = {};
    for (const i of instances()) rss[i.name] = alive(i.pid) ? rssMb(i.pid) : null;
    const cpu = ctx.sampler.take();
    system[k] = { rss_mb: rss, db_connections: await ctx.connections(), cpu };
  };
  const sampling: Promise<void>[] = [];
  const timers: NodeJS.Timeout[] = [];
  for (let k = 0; k < count; k++)
    timers.push(
      setTimeout(
        () => (sampling[k] = sampleSystem(k)),
        startAt + Math.min((k + 1) * intervalMs, opts.durationS * 1000) - Date.now(),
      ),
    );
  const eventsDone = events.map(
    (e) =>
      new Promise<void>((resolve) => {
        timers.push(
          setTimeout(
            () => {
              const t0 = Date.now();
              const record = (r: { result?: unknown; error?: string }) => {
                result.events.push({
                  name: e.name,
                  at_s: Math.round((t0 - startAt) / 100) / 10,
                  took_s: Math.round((Date.now() - t0) / 100) / 10,
                  ...r,
                });
                resolve();
              };
              e.run().then(
                (r) => record({ result: r }),
                (err: unknown) => record({ error: String((err as Error)?.message ?? err) }),
              );
            },
            startAt + e.atS * 1000 - Date.now(),
          ),
        );
      }),
  );

  const { world } = ctx;
  const perWorker = arrivalsPerS / opts.workers;
  await Promise.all(
    Array.from({ length: opts.workers }, (_, w) => {
      const job: WorkerJob = {
        index: w,
        base: ctx.base,
        startAt,
        durationMs: opts.durationS * 1000,
        intervalMs,
        rate: perWorker,
        mix: opts.mix,
        buyers: world.buyers.filter((_, i) => i % opts.workers === w),
        catalogue: world.catalogue,
        journeyGoods: world.journeyGoods,
        searches: world.searches,
        suggestions: world.suggestions,
        connections: opts.connections,
        drainSeconds: 35,
      };
      const worker = new Worker(new URL('./soak-worker.js', import.meta.url), { workerData: job });
      return new Promise<void>((resolve, reject) => {
        worker.on('message', (m: IntervalReport | DoneReport) => {
          if (m.type === 'interval') reports[m.index]?.push(m);
          else done.push(m);
        });
        worker.once('error', reject);
        worker.once('exit', (code) =>
          done.some((d) => d.worker === w)
            ? resolve()
            : reject(new Error(`soak worker ${w} exited (${code})`)),
        );
      });
    }),
  );
  await Promise.all(eventsDone);
  for (const t of timers) clearTimeout(t);
  for (let k = 0; k < count; k++) sampling[k] ??= sampleSystem(k);
  await Promise.all(sampling);

  result.arrivals = done.reduce((s, d) => s + d.arrivals, 0);
  result.abandoned = done.reduce((s, d) => s + d.abandoned, 0);
  for (let k = 0; k < count; k++) {
    const parts = reports[k]!;
    const raw: Partial<Record<Kind, number[]>> = {};
    const errors: Partial<Record<Kind, number>> = {};
    const upstreams: Record<string, number> = {};
    const errorKinds: Record<string, number> = {};
    const samples: ErrorSample[] = [];
    let waited = 0;
    let retried = 0;
    for (const p of parts) {
      retried += p.retriedByBalancer;
      for (const [kind, ms] of Object.entries(p.latencies) as [Kind, number[]][])
        (raw[kind] ??= []).push(...ms);
      for (const [kind, n] of Object.entries(p.errors) as [Kind, number][])
        errors[kind] = (errors[kind] ?? 0) + n;
      for (const [u, n] of Object.entries(p.upstreams)) upstreams[u] = (upstreams[u] ?? 0) + n;
      for (const [e, n] of Object.entries(p.errorKinds)) errorKinds[e] = (errorKinds[e] ?? 0) + n;
      samples.push(...p.samples);
      result.orders.push(...p.orders);
      waited += p.waitedForBuyer;
    }
    const seconds = Math.min(opts.intervalS, opts.durationS - k * opts.intervalS);
    const all = Object.values(raw).flat();
    const errorCount = Object.values(errors).reduce((s, n) => s + n, 0);
    const kinds: IntervalResult['kinds'] = {};
    for (const kind of KINDS_ORDER) if (raw[kind]) kinds[kind] = stats(raw[kind], errors[kind] ?? 0);
    kinds.all = stats(all, errorCount);
    result.raw.push(raw);
    result.intervals.push({
      t_s: k * opts.intervalS,
      seconds,
      requests: all.length,
      errors: errorCount,
      requests_per_s: Math.round((all.length / seconds) * 10) / 10,
      kinds,
      ...system[k]!,
      upstreams,
      error_kinds: errorKinds,
      error_samples: samples.sort((a, b) => a.t_s - b.t_s).slice(0, 30),
      waited_for_buyer: waited,
      retried_by_balancer: retried,
    });
  }
  return result;
}

const pct = (a: number, b: number) => (b > 0 ? Math.round(((a - b) / b) * 1000) / 10 : 0);

/**
 * The figures docs/performance.md records: error rate, p99 per kind, p99 drift from the first
 * to the last window (ten minutes, or a third of a shorter run), RSS growth after the warm-up
 * (the first window), and where the CPU went.
 */
export function summarise(phase: PhaseResult, windowS?: number) {
  const { intervals, raw, settings } = phase;
  const duration = settings.durationS;
  const window = windowS ?? Math.min(600, Math.max(settings.intervalS, Math.floor(duration / 3)));
  const cut = (from: number, to: number) => {
    const out: Partial<Record<Kind | 'all', number[]>> = {};
    intervals.forEach((iv, k) => {
      if (iv.t_s < from || iv.t_s >= to) return;
      for (const [kind, ms] of Object.entries(raw[k]!) as [Kind, number[]][]) {
        (out[kind] ??= []).push(...ms);
        (out.all ??= []).push(...ms);
      }
    });
    return out;
  };
  const whole = cut(0, Infinity);
  const first = cut(0, window);
  const last = cut(duration - window, Infinity);
  const errorsOf = (kind: Kind | 'all') => intervals.reduce((s, iv) => s + (iv.kinds[kind]?.errors ?? 0), 0);
  const perKind: Record<
    string,
    KindStats & { p99_first_ms: number; p99_last_ms: number; p99_drift_pct: number }
  > = {};
  for (const kind of [...KINDS_ORDER, 'all' as const]) {
    if (!whole[kind]) continue;
    const f = summary(first[kind] ?? []).p99_ms;
    const l = summary(last[kind] ?? []).p99_ms;
    perKind[kind] = {
      ...stats(whole[kind], errorsOf(kind)),
      p99_first_ms: f,
      p99_last_ms: l,
      p99_drift_pct: pct(l, f),
    };
  }
  const requests = intervals.reduce((s, iv) => s + iv.requests, 0);
  const errors = intervals.reduce((s, iv) => s + iv.errors, 0);

  // RSS: at the end of the warm-up (the first window) against the end of the run.
  const warm = intervals.filter((iv) => iv.t_s + iv.seconds <= window).at(-1) ?? intervals[0];
  const end = intervals.at(-1);
  const rss: Record<
    string,
    { after_warmup_mb: number | null; end_mb: number | null; growth_pct: number | null }
  > = {};
  for (const name of Object.keys(end?.rss_mb ?? {})) {
    const a = warm?.rss_mb[name] ?? null;
    const b = end?.rss_mb[name] ?? null;
    rss[name] = { after_warmup_mb: a, end_mb: b, growth_pct: a && b ? pct(b, a) : null };
  }
  const growths = Object.values(rss).map((r) => r.growth_pct ?? 0);

  // CPU: the average of the intervals, in cores.
  const cpu: Record<string, number> = {};
  const coresBusy: number[] = [];
  for (const iv of intervals) {
    for (const [g, v] of Object.entries(iv.cpu.by_process)) cpu[g] = (cpu[g] ?? 0) + v / intervals.length;
    iv.cpu.cores_busy.forEach((v, i) => (coresBusy[i] = (coresBusy[i] ?? 0) + v / intervals.length));
  }
  const r2 = (n: number) => Math.round(n * 100) / 100;
  const byProcess = Object.fromEntries(
    Object.entries(cpu)
      .map(([g, v]) => [g, r2(v)] as const)
      .sort((a, b) => b[1] - a[1]),
  );
  const drifts = Object.entries(perKind).filter(([k]) => k !== 'all');
  const worstDrift = drifts.sort((a, b) => b[1].p99_drift_pct - a[1].p99_drift_pct)[0];
  const errorRate = requests ? Math.round((errors / requests) * 100_000) / 1000 : 0;
  return {
    duration_s: duration,
    window_s: window,
    requests,
    errors,
    error_rate_pct: errorRate,
    requests_per_s: Math.round((requests / duration) * 10) / 10,
    per_kind: perKind,
    rss,
    cpu: { cores: os.cpus().length, cores_busy: coresBusy.map(r2), by_process: byProcess },
    aims: {
      cart_edit_p99_under_100_ms: (perKind.cart_edit?.p99_ms ?? Infinity) < 100,
      errors_under_0_1_pct: errorRate < 0.1,
      p99_drift_under_10_pct: (perKind.all?.p99_drift_pct ?? Infinity) < 10,
      worst_kind_drift: worstDrift ? { kind: worstDrift[0], pct: worstDrift[1].p99_drift_pct } : null,
      rss_growth_under_10_pct: growths.length > 0 && Math.max(...growths) < 10,
    },
  };
}

export type SoakSummary = ReturnType<typeof summarise>;

/** The lines to paste into docs/performance.md. */
export function markdown(s: SoakSummary, label: string): string {
  const span = (sec: number) => (sec >= 120 ? `${Math.round(sec / 60)} min` : `${sec} s`);
  const w = span(s.window_s);
  const lines = [
    `Run ${label}: ${span(s.duration_s)}, ${s.requests_per_s} requests/s, ` +
      `${s.requests.toLocaleString('en')} requests, ${s.errors} errors (${s.error_rate_pct} %).`,
    '',
    `| kind | requests | errors | p50 / p95 / p99 ms | p99 first ${w} | p99 last ${w} | drift |`,
    '|---|---|---|---|---|---|---|',
    ...Object.entries(s.per_kind).map(
      ([k, v]) =>
        `| ${k} | ${v.requests.toLocaleString('en')} | ${v.errors} | ${v.p50_ms} / ${v.p95_ms} / ${v.p99_ms} | ` +
        `${v.p99_first_ms} | ${v.p99_last_ms} | ${v.p99_drift_pct} % |`,
    ),
    '',
    `RSS after the first ${w} → end: ` +
      Object.entries(s.rss)
        .map(([n, r]) => `${n} ${r.after_warmup_mb} → ${r.end_mb} MB (${r.growth_pct} %)`)
        .join('; ') +
      '.',
    `CPU (cores, of ${s.cpu.cores}; each core busy ${s.cpu.cores_busy.map((c) => `${Math.round(c * 100)} %`).join(', ')}): ` +
      Object.entries(s.cpu.by_process)
        .map(([g, v]) => `${g} ${v}`)
        .join(', ') +
      '.',
    `Aims: cart_edit p99 < 100 ms ${s.aims.cart_edit_p99_under_100_ms ? 'met' : 'MISSED'}; ` +
      `errors < 0.1 % ${s.aims.errors_under_0_1_pct ? 'met' : 'MISSED'}; ` +
      `p99 drift < 10 % ${s.aims.p99_drift_under_10_pct ? 'met' : 'MISSED'} (worst kind: ${s.aims.worst_kind_drift?.kind} ${s.aims.worst_kind_drift?.pct} %); ` +
      `RSS growth < 10 % ${s.aims.rss_growth_under_10_pct ? 'met' : 'MISSED'}.`,
  ];
  return lines.join('\n');
}

export type { Consistency };
export { verify };
