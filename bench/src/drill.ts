// Failure drills against the running cluster (`npm run cluster`), each a short soak with a
// failure in the middle (issue 16 item 5; docs/performance.md › Failure drills):
//
//   npm run drill:kill9                kill -9 of one instance, revived later
//   npm run drill:postgres -- --yes    RESTARTS THE MACHINE'S PostgreSQL during the soak
//   npm run drill:redis -- --yes       STOPS AND STARTS THE MACHINE'S Redis during the soak
//
// Loopback only, bounded in time (--seconds, default 120), and the machine is left as found:
// PostgreSQL and Redis are started again whatever happens (also on Ctrl-C), and a killed
// instance is revived. Prints JSON; exits 1 when a check fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib.js';
import { alive, clusterDir, instances, type ClusterInfo } from './soak-cluster.js';
import {
  DEFAULT_MIX,
  prepare,
  runPhase,
  summarise,
  verify,
  type PhaseResult,
  type SoakEvent,
} from './soak-run.js';

const BUSY = '系统繁忙，请稍候再试';

const USAGE = `npm run drill:kill9 | drill:postgres -- --yes | drill:redis -- --yes  [--rate R] [--seconds S]

  kill9     kill -9 of instance-2 a third of the way in; revived (npm run cluster -- revive) at two
            thirds. Checks: the balancer moves on (no errors once the failed requests in flight
            have answered), every order the client saw acknowledged exists, none twice, nothing
            half-written, the revived instance answers again.
  postgres  !!! RESTARTS THE MACHINE'S PostgreSQL (pg_ctlcluster … restart) a third of the way in.
            Every other session and test on this machine using PostgreSQL loses its connections.
            Checks: the instances reconnect by themselves, every failed request answered the §8
            busy message (${BUSY}), nothing half-written.
  redis     !!! STOPS THE MACHINE'S Redis (redis-cli shutdown nosave: ITS DATA IS LOST) a third of
            the way in and starts it again (same port, bind, save, dir) 30 s later. Everyone
            sharing this Redis is affected. Checks: no request fails while it is down (the
            instances degrade to PostgreSQL), they warn, and use Redis again once it is back.

  The postgres and redis drills refuse to run without --yes. Run them on a quiet machine.
  --rate R (default 30 requests/s), --seconds S (default 120), --buyers N (default 120),
  --interval S (default 5). Needs the cluster: npm run cluster.`;

const args = process.argv.slice(2);
const drill = args[0];
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  const n = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`${name} must be a positive number\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
};
if (!drill || !['kill9', 'postgres', 'redis'].includes(drill) || args.includes('--help')) {
  console.error(USAGE);
  process.exit(2);
}
if (drill !== 'kill9' && !args.includes('--yes')) {
  console.error(
    `!!! drill:${drill} ${drill === 'postgres' ? "RESTARTS this machine's PostgreSQL" : "STOPS and starts this machine's Redis (its data is lost)"}:\n` +
      `!!! every session and test sharing it is disturbed. Run it on a quiet machine, with --yes.\n\n${USAGE}`,
  );
  process.exit(2);
}

const rate = opt('--rate', 30);
const seconds = Math.round(opt('--seconds', 120));
const intervalS = Math.round(opt('--interval', 5));
const third = Math.round(seconds / 3);
const run = (cmd: string, argv: string[], timeoutMs = 90_000) =>
  spawnSync(cmd, argv, { cwd: repoRoot, encoding: 'utf8', timeout: timeoutMs });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (msg: string) => console.error(`drill:${drill} ${new Date().toISOString().slice(11, 19)} ${msg}`);

// ---- PostgreSQL and Redis, found by the ports the cluster uses --------------------------------

function pgPort(info: ClusterInfo): string {
  return new URL(info.databaseUrl).port || '5432';
}
const pgReady = (port: string) => run('pg_isready', ['-q', '-h', '127.0.0.1', '-p', port]).status === 0;
/** The Debian cluster (version, name) listening on `port`, from pg_lsclusters. */
function pgCluster(port: string): { version: string; name: string } {
  const line = run('pg_lsclusters', ['-h'])
    .stdout.split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[2] === port);
  if (!line) throw new Error(`no PostgreSQL cluster on port ${port} in pg_lsclusters`);
  return { version: line[0]!, name: line[1]! };
}
async function ensurePostgres(port: string): Promise<void> {
  if (pgReady(port)) return;
  const c = pgCluster(port);
  say(`PostgreSQL ${c.version}/${c.name} is down: starting it`);
  run('pg_ctlcluster', ['--skip-systemctl-redirect', c.version, c.name, 'start']);
  for (let i = 0; i < 120 && !pgReady(port); i++) await sleep(250);
}

const redisPort = (info: ClusterInfo) => new URL(info.redisUrl).port || '6379';
const redisCli = (port: string, ...argv: string[]) =>
  run('redis-cli', ['-h', '127.0.0.1', '-p', port, ...argv], 10_000);
const redisUp = (port: string) => redisCli(port, 'ping').stdout?.trim() === 'PONG';
/** How to start this Redis again as it was: its config file, or the settings that matter. */
function redisStartArgs(port: string): { argv: string[]; cwd: string } {
  const get = (key: string) => redisCli(port, 'config', 'get', key).stdout.split('\n')[1]?.trim() ?? '';
  const file = /config_file:(.*)/.exec(redisCli(port, 'info', 'server').stdout)?.[1]?.trim();
  const dir = get('dir') || '/tmp';
  if (file) return { argv: [file, '--daemonize', 'yes'], cwd: dir };
  const bind = get('bind').split(/\s+/).filter(Boolean);
  return {
    argv: [
      '--daemonize',
      'yes',
      '--port',
      port,
      ...(bind.length ? ['--bind', ...bind] : []),
      '--save',
      get('save'),
      '--appendonly',
      get('appendonly') || 'no',
      '--dir',
      dir,
    ],
    cwd: dir,
  };
}
let redisRestart: { argv: string[]; cwd: string } | undefined;
async function ensureRedis(port: string): Promise<void> {
  if (redisUp(port)) return;
  const how = redisRestart ?? {
    argv: ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', port, '--save', ''],
    cwd: '/tmp',
  };
  say(`Redis is down: starting it (redis-server ${how.argv.join(' ')})`);
  spawnSync('redis-server', how.argv, { cwd: how.cwd, encoding: 'utf8' });
  for (let i = 0; i < 60 && !redisUp(port); i++) await sleep(250);
}

/** Whatever happens, PostgreSQL and Redis are up and every instance runs when the drill ends. */
async function restore(info: ClusterInfo): Promise<void> {
  await ensurePostgres(pgPort(info));
  await ensureRedis(redisPort(info));
  if (instances().some((i) => !alive(i.pid))) {
    say('reviving the instances that are down');
    run(process.execPath, ['scripts/cluster.mjs', 'revive'], 200_000);
  }
}

// ---- the instances' own view ------------------------------------------------------------------

async function healthOf(port: number): Promise<string> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3000) });
    const body = (await res.json()) as { data?: { database?: { ok?: boolean } } };
    return res.ok && body.data?.database?.ok ? 'up' : `HTTP ${res.status}`;
  } catch (err) {
    return `not answering (${(err as Error).message})`;
  }
}

/** Where each instance's log ends now, to read what it wrote during the drill. */
const logSizes = () =>
  Object.fromEntries(
    instances().map((i) => {
      const file = path.join(clusterDir, `${i.name}.log`);
      return [i.name, fs.existsSync(file) ? fs.statSync(file).size : 0];
    }),
  );
function logSince(sizes: Record<string, number>): { instance: string; line: string }[] {
  return instances().flatMap((i) => {
    const file = path.join(clusterDir, `${i.name}.log`);
    if (!fs.existsSync(file)) return [];
    const fd = fs.openSync(file, 'r');
    const from = sizes[i.name] ?? 0;
    const buf = Buffer.alloc(Math.max(0, fs.fstatSync(fd).size - from));
    fs.readSync(fd, buf, 0, buf.length, from);
    fs.closeSync(fd);
    return buf
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ instance: i.name, line }));
  });
}
const logMessage = (line: string) => {
  try {
    const j = JSON.parse(line) as { level?: number; msg?: string };
    return { level: j.level ?? 0, msg: j.msg ?? '' };
  } catch {
    return { level: 0, msg: line };
  }
};

// ---- checks over the soak's intervals ---------------------------------------------------------

type Check = { ok: boolean; detail: unknown };
const errorsBetween = (p: PhaseResult, from: number, to = Infinity) =>
  p.intervals.filter((iv) => iv.t_s >= from && iv.t_s < to).reduce((s, iv) => s + iv.errors, 0);
const answeredBy = (p: PhaseResult, port: number, from: number, to = Infinity) =>
  p.intervals
    .filter((iv) => iv.t_s >= from && iv.t_s < to)
    .reduce((s, iv) => s + (iv.upstreams[`127.0.0.1:${port}`] ?? 0), 0);
/** Every error reply of the run, by `kind status code msg`. */
function errorKinds(p: PhaseResult): Record<string, number> {
  const all: Record<string, number> = {};
  for (const iv of p.intervals)
    for (const [k, n] of Object.entries(iv.error_kinds)) all[k] = (all[k] ?? 0) + n;
  return all;
}
/** The first interval start at or after `t` seconds. */
const ceilTo = (t: number) => Math.ceil(t / intervalS) * intervalS;

async function main(): Promise<number> {
  const ctx = await prepare(Math.round(opt('--buyers', 120)));
  const info = ctx.info;
  const onSignal = (sig: string) => {
    say(`${sig}: restoring PostgreSQL, Redis and the instances before exiting`);
    void restore(info).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const sizes = logSizes();
  const timeline: Record<string, number> = {};
  // runPhase starts its clock a second after it is called (set again just before the call).
  let startedAt = Date.now() + 1000;
  const mark = (name: string) => (timeline[name] = Math.round((Date.now() - startedAt) / 100) / 10);
  const events: SoakEvent[] = [];
  let victim: { name: string; pid: number; port: number } | undefined;

  if (drill === 'kill9') {
    victim = instances()[1] ?? instances()[0];
    if (!victim || !alive(victim.pid)) throw new Error('the instance to kill is not running');
    events.push({
      atS: third,
      name: `kill -9 ${victim.name} (pid ${victim.pid})`,
      run: async () => {
        process.kill(victim!.pid, 'SIGKILL');
        mark('killed');
        return { pid: victim!.pid };
      },
    });
    events.push({
      atS: 2 * third,
      name: 'npm run cluster -- revive',
      run: async () => {
        const r = run(process.execPath, ['scripts/cluster.mjs', 'revive'], 200_000);
        mark('revived');
        if (r.status !== 0) throw new Error(`revive failed: ${r.stderr || r.stdout}`);
        return r.stdout.trim();
      },
    });
  } else if (drill === 'postgres') {
    const port = pgPort(info);
    const c = pgCluster(port);
    events.push({
      atS: third,
      name: `pg_ctlcluster --skip-systemctl-redirect ${c.version} ${c.name} restart`,
      run: async () => {
        mark('restart_begun');
        const r = run('pg_ctlcluster', ['--skip-systemctl-redirect', c.version, c.name, 'restart']);
        for (let i = 0; i < 120 && !pgReady(port); i++) await sleep(250);
        mark('restarted');
        if (r.status !== 0) throw new Error(`pg_ctlcluster: ${r.stderr.trim()}`);
        return 'restarted';
      },
    });
  } else {
    const port = redisPort(info);
    redisRestart = redisStartArgs(port);
    events.push({
      atS: third,
      name: `redis-cli -p ${port} shutdown nosave`,
      run: async () => {
        redisCli(port, 'shutdown', 'nosave');
        for (let i = 0; i < 40 && redisUp(port); i++) await sleep(250);
        mark('stopped');
        return redisUp(port) ? 'still up' : 'stopped';
      },
    });
    events.push({
      atS: third + 30,
      name: `redis-server ${redisRestart.argv.join(' ')}`,
      run: async () => {
        await ensureRedis(port);
        mark('started');
        return redisUp(port) ? 'up' : 'did not start';
      },
    });
  }

  let phase: PhaseResult;
  try {
    say(`soak at ${rate} requests/s for ${seconds} s against ${ctx.base}; the failure at ${third} s`);
    startedAt = Date.now() + 1000;
    phase = await runPhase(
      ctx,
      { rate, durationS: seconds, intervalS, mix: DEFAULT_MIX, workers: 2, connections: 64 },
      events,
    );
  } finally {
    await restore(info);
  }
  await sleep(2000);
  const health = Object.fromEntries(
    await Promise.all(instances().map(async (i) => [i.name, await healthOf(i.port)])),
  );
  const consistency = await verify(info.databaseUrl, ctx.world.tag, phase.orders);
  const log = logSince(sizes).map((l) => ({ instance: l.instance, ...logMessage(l.line) }));
  const kinds = errorKinds(phase);
  const checks: Record<string, Check> = {
    'nothing half-written; acknowledged orders exist, none twice': {
      ok: consistency.ok,
      detail: consistency,
    },
    'every instance answers /api/health at the end': {
      ok: Object.values(health).every((h) => h === 'up'),
      detail: health,
    },
  };
  if (drill === 'kill9' && victim) {
    const killed = timeline.killed ?? third;
    const revived = timeline.revived ?? 2 * third;
    // Requests in flight on the killed instance fail (a POST already sent is not retried);
    // after that, and once nginx has left it out, none should.
    const settled = ceilTo(killed + 10);
    checks['the balancer moves on: no errors from 10 s after the kill'] = {
      ok: errorsBetween(phase, settled) === 0,
      detail: {
        errors_before_kill: errorsBetween(phase, 0, ceilTo(killed) - intervalS),
        errors_from_kill: errorsBetween(phase, ceilTo(killed) - intervalS, settled),
        errors_after: errorsBetween(phase, settled),
      },
    };
    // Once revived, nginx gives it requests again after its fail_timeout (5 s): asked after the
    // soak too, since a revival on a busy machine may end after the soak does.
    await sleep(6000);
    let answeredAfter = 0;
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${ctx.base}/api/health`).catch(() => null);
      if (res?.headers.get('x-upstream')?.split(', ').at(-1) === `127.0.0.1:${victim.port}`)
        answeredAfter += 1;
      await res?.arrayBuffer();
    }
    checks['the killed instance answers nothing while down, and again once revived'] = {
      ok: answeredBy(phase, victim.port, settled, ceilTo(revived) - intervalS) === 0 && answeredAfter > 0,
      detail: {
        while_down: answeredBy(phase, victim.port, settled, ceilTo(revived) - intervalS),
        during_soak_after_revival: answeredBy(phase, victim.port, ceilTo(revived + 10)),
        of_30_health_calls_after_the_soak: answeredAfter,
        retried_by_balancer: phase.intervals.reduce((s, iv) => s + iv.retried_by_balancer, 0),
      },
    };
  }
  if (drill === 'postgres') {
    const back = timeline.restarted ?? third;
    const notBusy = Object.entries(kinds).filter(([k]) => !k.endsWith(` ${BUSY}`));
    checks[`every failed request answered the busy message (${BUSY})`] = {
      ok: notBusy.length === 0,
      detail: { errors: kinds },
    };
    checks['the instances reconnect by themselves: no errors from 15 s after PostgreSQL is back'] = {
      ok: errorsBetween(phase, ceilTo(back + 15)) === 0,
      detail: { errors_after: errorsBetween(phase, ceilTo(back + 15)), back_at_s: back },
    };
  }
  if (drill === 'redis') {
    const port = redisPort(info);
    const db = new URL(info.redisUrl).pathname.slice(1) || '0';
    const warned = log.filter((l) => l.level >= 40 && /redis/i.test(l.msg));
    // Each instance says so for each of its three Redis uses once Redis answers again.
    const back = (name: string) =>
      [
        'bus: Redis connection restored',
        'sessions: Redis answers again',
        'limits: Redis connection restored',
      ].filter((m) => log.some((l) => l.instance === name && l.msg.startsWith(m)));
    const recovered = Object.fromEntries(instances().map((i) => [i.name, back(i.name)]));
    const sessionsCached = Number(
      run('sh', [
        '-c',
        `redis-cli -h 127.0.0.1 -p ${port} -n ${db} --scan --pattern 'kc:session:*' | wc -l`,
      ]).stdout.trim(),
    );
    checks['no request fails while Redis is down (degraded to PostgreSQL)'] = {
      ok: phase.intervals.reduce((s, iv) => s + iv.errors, 0) === 0,
      detail: { errors: kinds },
    };
    checks['the instances warn when Redis fails'] = {
      ok: instances().every((i) => warned.some((l) => l.instance === i.name)),
      detail: [...new Set(warned.map((l) => `${l.instance}: ${l.msg}`))],
    };
    checks['and use it again once it is back (bus, sessions and limits reconnected; sessions cached again)'] =
      {
        ok: Object.values(recovered).every((r) => r.length === 3) && sessionsCached > 0,
        detail: { recovered, session_keys_now: sessionsCached },
      };
  }
  const ok = Object.values(checks).every((c) => c.ok);
  const summary = summarise(phase);
  const json = {
    drill,
    ok,
    machine: { cpus: os.cpus().length, node: process.version },
    cluster: { ...info, url: ctx.base },
    settings: { rate, seconds, interval_s: intervalS, failure_at_s: third },
    timeline,
    events: phase.events,
    checks,
    errors: kinds,
    summary: {
      requests: summary.requests,
      errors: summary.errors,
      error_rate_pct: summary.error_rate_pct,
      p99_ms: Object.fromEntries(Object.entries(summary.per_kind).map(([k, v]) => [k, v.p99_ms])),
    },
    intervals: phase.intervals.map((iv) => ({
      t_s: iv.t_s,
      requests: iv.requests,
      errors: iv.errors,
      p99_ms: iv.kinds.all?.p99_ms,
      upstreams: iv.upstreams,
      retried_by_balancer: iv.retried_by_balancer,
      db_connections: iv.db_connections,
      error_samples: iv.error_samples.slice(0, 5),
    })),
    instance_log: log.filter((l) => l.level >= 40).slice(0, 40),
  };
  await ctx.close();
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const out = path.join(repoRoot, '.tmp', `drill-${drill}-${stamp}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(json, null, 2) + '\n');
  console.log(JSON.stringify(json, null, 2));
  for (const [name, c] of Object.entries(checks)) say(`${c.ok ? 'ok    ' : 'FAILED'} ${name}`);
  say(`${ok ? 'passed' : 'FAILED'}; JSON also in ${path.relative(process.cwd(), out)}`);
  return ok ? 0 : 1;
}

process.exitCode = await main();
