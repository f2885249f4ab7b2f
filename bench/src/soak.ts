// `npm run bench:soak -- --rate R --minutes M`: a mixed buyer workload against the running
// cluster (`npm run cluster`), an open model at R requests/s for M minutes. Prints JSON: per
// interval (a minute by default) the requests, errors, p50/p95/p99 per kind, each instance's
// RSS, the database connections and the CPU of every process; then the summary
// (docs/performance.md › Soak) and the consistency of the database afterwards. The lines to
// paste into docs/performance.md go to stderr.
//
// `--profile`: each kind alone for --seconds at --rate, answering the CPU each process spends
// per request of that kind (docs/scaling.md's capacity model).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib.js';
import {
  DEFAULT_MIX,
  markdown,
  parseMix,
  prepare,
  runPhase,
  summarise,
  verify,
  type PhaseOptions,
  type PhaseResult,
} from './soak-run.js';
import { ARRIVALS, type Arrival } from './soak-kinds.js';

const USAGE = `npm run bench:soak -- [--rate R] [--minutes M | --seconds S] [options]
  --rate R          requests per second aimed at (default 50); arrivals are R / calls per arrival
  --minutes M       how long (default 1); --seconds S for short runs
  --interval S      seconds per reported interval (default 60)
  --window S        seconds of the first and last windows compared for drift, and of the
                    warm-up before RSS growth is measured (default 600, or a third of the run)
  --buyers N        buyers made for this run (default 400)
  --workers N       load-generator threads (default 2); --connections N per thread (default 64)
  --mix k=w,...     arrivals per kind (default ${DEFAULT_MIX.map(([k, w]) => `${k}=${w}`).join(',')})
  --out FILE        where the JSON goes as well as stdout (default .tmp/soak-<time>.json)
  --profile         each kind alone for --seconds (default 30) at --rate, after --warmup S (default
                    10) untimed: CPU per request by process, the idle cores taken off
Needs the cluster: npm run cluster (CLUSTER_PORT, CLUSTER_DB as when it was started).`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const num = (name: string, fallback: number) => {
  const v = opt(name);
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`${name} must be a positive number\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
};

const profile = args.includes('--profile');
const rate = num('--rate', 50);
const durationS = opt('--seconds') ? num('--seconds', 30) : num('--minutes', profile ? 0.5 : 1) * 60;
const options: PhaseOptions = {
  rate,
  durationS: Math.round(durationS),
  intervalS: Math.min(num('--interval', 60), Math.round(durationS)),
  mix: opt('--mix') ? parseMix(opt('--mix')!) : DEFAULT_MIX,
  workers: num('--workers', 2),
  connections: num('--connections', 64),
};
const windowS = opt('--window') ? num('--window', 600) : undefined;
const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
const out = opt('--out') ?? path.join(repoRoot, '.tmp', `soak-${profile ? 'profile-' : ''}${stamp}.json`);

/** The JSON of a phase without its raw latencies. */
const printable = (p: PhaseResult) => ({ ...p, raw: undefined, orders: undefined });
const machine = {
  cpus: os.cpus().length,
  node: process.version,
  load_average: os.loadavg().map((l) => Math.round(l * 100) / 100),
};

const ctx = await prepare(num('--buyers', 400));
try {
  let json: Record<string, unknown>;
  if (!profile) {
    console.error(
      `soak: ${options.rate} requests/s for ${options.durationS} s against ${ctx.base} (${ctx.info.count} instances, database ${ctx.info.database}), ${ctx.world.buyers.length} buyers`,
    );
    const phase = await runPhase(ctx, options);
    const s = summarise(phase, windowS);
    const consistency = await verify(ctx.info.databaseUrl, ctx.world.tag, phase.orders);
    json = {
      bench: 'soak',
      machine,
      cluster: { ...ctx.info, url: ctx.base },
      buyers: { tag: ctx.world.tag, count: ctx.world.buyers.length },
      ...printable(phase),
      summary: s,
      consistency,
    };
    console.error(`\n${markdown(s, new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC')}`);
    console.error(`Consistency: ${consistency.ok ? 'ok' : 'FAILED'} ${JSON.stringify(consistency)}`);
  } else {
    // Each kind alone: CPU of each process per request (ms), from the phase's average cores.
    // What the processes spend with no load (timers, the maintenance jobs; other sessions'
    // PostgreSQL work is not counted: only the cluster database's backends are): taken off.
    const warmupS = num('--warmup', 10);
    ctx.sampler.take();
    await new Promise((r) => setTimeout(r, 10_000));
    const idle = ctx.sampler.take().by_process;
    const kinds = opt('--mix') ? options.mix.map(([k]) => k) : ([...ARRIVALS] as Arrival[]);
    const rows: Record<string, unknown>[] = [];
    for (const kind of kinds) {
      // Untimed first: the instances' JIT warms up on this kind's code and the pools fill.
      await runPhase(ctx, { ...options, durationS: warmupS, intervalS: warmupS, mix: [[kind, 1]] });
      const phase = await runPhase(ctx, { ...options, mix: [[kind, 1]], intervalS: options.durationS });
      const iv = phase.intervals[0]!;
      const perRequest = (cores: number) =>
        Math.round(((cores * iv.seconds * 1000) / Math.max(1, iv.requests)) * 100) / 100;
      const groups = Object.fromEntries(
        Object.entries(iv.cpu.by_process).map(([g, v]) => [g, Math.max(0, v - (idle[g] ?? 0))]),
      );
      const instancesCores = Object.entries(groups)
        .filter(([g]) => /^instance-\d+$/.test(g))
        .reduce((s, [, v]) => s + v, 0);
      const orders = phase.orders.filter((o) => o.orderId !== null).length;
      const row = {
        kind,
        requests: iv.requests,
        errors: iv.errors,
        requests_per_s: iv.requests_per_s,
        orders: kind === 'checkout' ? orders : undefined,
        latency: iv.kinds.all,
        cpu_cores: groups,
        cpu_ms_per_request: {
          instances: perRequest(instancesCores),
          nginx: perRequest(groups.nginx ?? 0),
          postgres: perRequest(groups['postgres (cluster database)'] ?? 0),
          redis: perRequest(groups.redis ?? 0),
          load_generator: perRequest(groups['load generator'] ?? 0),
        },
        requests_per_instance_core: Math.round(iv.requests / iv.seconds / Math.max(0.01, instancesCores)),
        ...(kind === 'checkout' && orders
          ? {
              cpu_ms_per_order: {
                instances: Math.round(((instancesCores * iv.seconds * 1000) / orders) * 10) / 10,
                postgres:
                  Math.round(
                    (((groups['postgres (cluster database)'] ?? 0) * iv.seconds * 1000) / orders) * 10,
                  ) / 10,
              },
            }
          : {}),
      };
      rows.push(row);
      console.error(
        `${kind.padEnd(13)} ${String(iv.requests).padStart(6)} req ${String(iv.errors).padStart(3)} err  p50/p99 ${iv.kinds.all?.p50_ms}/${iv.kinds.all?.p99_ms} ms  cpu ms/req: instances ${row.cpu_ms_per_request.instances}, postgres ${row.cpu_ms_per_request.postgres}, nginx ${row.cpu_ms_per_request.nginx}`,
      );
    }
    json = {
      bench: 'soak-profile',
      machine,
      cluster: { ...ctx.info, url: ctx.base },
      settings: { ...options, warmup_s: warmupS },
      idle_cores: idle,
      kinds: rows,
    };
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(json, null, 2) + '\n');
  console.log(JSON.stringify(json, null, 2));
  console.error(`JSON also in ${path.relative(process.cwd(), out)}`);
} finally {
  await ctx.close();
}
