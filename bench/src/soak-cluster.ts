// What `npm run cluster` started, as the soak and the drills see it: `.tmp/cluster/cluster.json`
// (written by scripts/cluster.mjs at start), the instances' pids (`pids`) and nginx's.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib.js';

export const clusterDir = path.join(repoRoot, '.tmp/cluster');

export interface ClusterInfo {
  port: number;
  firstPort: number;
  count: number;
  database: string;
  databaseUrl: string;
  redisUrl: string;
  poolSize: number;
}

export interface Instance {
  name: string;
  pid: number;
  port: number;
}

const read = (file: string) => {
  const p = path.join(clusterDir, file);
  return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : '';
};

/** The running cluster's settings, or an error that says how to start one. */
export function clusterInfo(): ClusterInfo {
  const text = read('cluster.json');
  if (!text)
    throw new Error('no cluster: start one with npm run cluster (.tmp/cluster/cluster.json is missing)');
  return JSON.parse(text) as ClusterInfo;
}

/** The instances as `pids` lists them now (a revived instance has a new pid). */
export function instances(): Instance[] {
  return read('pids')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name = '', pid = '0', port = '0'] = line.split(' ');
      return { name, pid: Number(pid), port: Number(port) };
    });
}

export const nginxPid = (): number | undefined => Number(read('nginx.pid').trim()) || undefined;

/** Whether a pid is a live process (not a zombie). */
export function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
