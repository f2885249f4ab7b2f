// Where the CPU goes during a soak, read from /proc once a second: each instance (its main
// thread, the event loop, apart), nginx, the PostgreSQL backends of the cluster's database and
// the rest of PostgreSQL, Redis, the load generator, and whatever else runs on the machine;
// with each core's busy share from /proc/stat. Also each instance's RSS.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { alive, instances, nginxPid } from './soak-cluster.js';

const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

interface Stat {
  comm: string;
  ppid: number;
  ticks: number;
}

function stat(path: string): Stat | undefined {
  try {
    const s = fs.readFileSync(path, 'utf8');
    const close = s.lastIndexOf(')');
    const f = s.slice(close + 2).split(' ');
    // Fields after the name: state(3) ppid(4) … utime(14) stime(15), counted from 1 in proc(5).
    return {
      comm: s.slice(s.indexOf('(') + 1, close),
      ppid: Number(f[1]),
      ticks: Number(f[11]) + Number(f[12]),
    };
  } catch {
    return undefined;
  }
}

const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};

export function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/** Busy and total jiffies of each core. */
function cores(): { busy: number; total: number }[] {
  return fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d/.test(l))
    .map((l) => {
      const v = l.split(/\s+/).slice(1).map(Number);
      const idle = (v[3] ?? 0) + (v[4] ?? 0);
      const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
      return { busy: total - idle, total };
    });
}

/** The groups CPU is charged to. */
export type Group = string;

interface Snapshot {
  at: number;
  /** Cumulative ticks per pid (or `pid/main` for an instance's main thread) with its group. */
  procs: Map<string, { group: Group; ticks: number }>;
  cores: { busy: number; total: number }[];
}

/**
 * The processes of interest now. PostgreSQL backends name their database in their title
 * (`postgres: user db 127.0.0.1(port) idle`), so the cluster's are told from other sessions'.
 */
function snapshot(database: string): Snapshot {
  const procs = new Map<string, { group: Group; ticks: number }>();
  const add = (key: string, group: Group, ticks: number | undefined) => {
    if (ticks !== undefined) procs.set(key, { group, ticks });
  };
  for (const i of instances()) {
    if (!alive(i.pid)) continue;
    add(String(i.pid), i.name, stat(`/proc/${i.pid}/stat`)?.ticks);
    add(`${i.pid}/main`, `${i.name} (main thread)`, stat(`/proc/${i.pid}/task/${i.pid}/stat`)?.ticks);
  }
  const nginx = nginxPid();
  const own = new Set([...procs.keys()].map((k) => Number(k.split('/')[0])));
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (own.has(pid)) continue;
    const s = stat(`/proc/${pid}/stat`);
    if (!s) continue;
    if (pid === process.pid) {
      add(name, 'load generator', s.ticks);
      add(`${name}/main`, 'load generator (main thread)', stat(`/proc/${pid}/task/${pid}/stat`)?.ticks);
    } else if (nginx && (pid === nginx || s.ppid === nginx)) add(name, 'nginx', s.ticks);
    else if (s.comm === 'postgres') {
      const title = cmdline(pid);
      // `postgres: [15/main: ]user database host(port) state`; the rest are its own processes.
      const group = new RegExp(`^postgres: (?:\\S+: )?\\S+ ${database} `).test(title)
        ? 'postgres (cluster database)'
        : /^postgres: (?:\S+: )?\S+ \S+ (\d|\[local\])/.test(title)
          ? 'postgres (other databases)'
          : 'postgres (background)';
      add(name, group, s.ticks);
    } else if (s.comm === 'redis-server') add(name, 'redis', s.ticks);
    else add(name, 'other processes', s.ticks);
  }
  return { at: Date.now(), procs, cores: cores() };
}

/** CPU of each group, in cores (1 = one core busy throughout), between two snapshots. */
function between(a: Snapshot, b: Snapshot): { groups: Record<Group, number>; cores: number[] } {
  const seconds = (b.at - a.at) / 1000;
  const groups: Record<Group, number> = {};
  for (const [key, now] of b.procs) {
    const before = a.procs.get(key);
    // A process born since the last snapshot: all its ticks are new.
    const delta = before ? now.ticks - before.ticks : now.ticks;
    if (delta > 0) groups[now.group] = (groups[now.group] ?? 0) + delta / TICKS / seconds;
  }
  const coresBusy = b.cores.map((c, i) => {
    const p = a.cores[i];
    const dt = c.total - (p?.total ?? 0);
    return dt > 0 ? (c.busy - (p?.busy ?? 0)) / dt : 0;
  });
  return { groups, cores: coresBusy };
}

export interface CpuReport {
  /** Each core's busy share (0–1). */
  cores_busy: number[];
  /** Cores used by each group on average over the interval. */
  by_process: Record<Group, number>;
}

const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Samples once a second; `take()` answers the average since the last take (one interval).
 * The first sample's "other processes" includes processes born just before it: averages
 * over intervals are what to read.
 */
export function cpuSampler(database: string) {
  let last = snapshot(database);
  const sums: Record<Group, number> = {};
  let coreSums: number[] = [];
  let samples = 0;
  const timer = setInterval(() => {
    const next = snapshot(database);
    const d = between(last, next);
    last = next;
    for (const [g, v] of Object.entries(d.groups)) sums[g] = (sums[g] ?? 0) + v;
    coreSums = d.cores.map((v, i) => (coreSums[i] ?? 0) + v);
    samples += 1;
  }, 1000);
  timer.unref();
  return {
    take(): CpuReport {
      const n = Math.max(1, samples);
      const report: CpuReport = {
        cores_busy: coreSums.map((v) => r2(v / n)),
        by_process: Object.fromEntries(
          Object.entries(sums)
            .map(([g, v]) => [g, r2(v / n)] as const)
            .sort((a, b) => b[1] - a[1]),
        ),
      };
      for (const g of Object.keys(sums)) delete sums[g];
      coreSums = [];
      samples = 0;
      return report;
    },
    stop: () => clearInterval(timer),
  };
}
