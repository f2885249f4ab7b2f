// The processes of `npm run cluster`: the instances' pids (`.tmp/cluster/pids`, one
// `name pid port` a line) and nginx's (`.tmp/cluster/nginx.pid`, written by nginx), and
// stopping them all, cleanly even when some are already gone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** A signal to a process that may have exited meanwhile. */
const signal = (pid, sig) => {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
};

/**
 * Whether `pid` is still one of ours: a pid file outlives a reboot, and the number may by then
 * belong to another program. A zombie (exited, not yet reaped) counts as gone; a process that
 * is exiting (its command line already empty) still counts.
 */
export function isAlive(pid, marker) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
    if (state === 'Z' || state === 'X') return false;
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.length === 0 || cmd.includes(marker);
  } catch {
    return !fs.existsSync('/proc'); // no /proc: trust the signal check alone
  }
}

export function writePids(dir, instances) {
  fs.writeFileSync(path.join(dir, 'pids'), instances.map((i) => `${i.name} ${i.pid} ${i.port}\n`).join(''));
}

export function readPids(dir) {
  const read = (file) =>
    fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), 'utf8') : '';
  const instances = read('pids')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, pid, port] = line.split(' ');
      return { name, pid: Number(pid), port: Number(port) };
    });
  const nginx = Number(read('nginx.pid').trim()) || undefined;
  return { instances, nginx };
}

/** Waits up to `seconds` for every pid to exit; returns those still running. */
async function waitGone(pids, marker, seconds) {
  for (let waited = 0; waited < seconds * 10; waited++) {
    if (!pids.some((p) => isAlive(p, marker))) return [];
    await sleep(100);
  }
  return pids.filter((p) => isAlive(p, marker));
}

/**
 * nginx first (`-s quit`: it finishes the requests in flight and takes no new ones), then the
 * instances: SIGTERM (each closes its server, bus and pool), SIGKILL after 10 s.
 */
export async function stopAll(dir, nginxBin, nginxArgs, verbose = false) {
  const say = (msg) => verbose && console.log(msg);
  const { instances, nginx } = readPids(dir);
  if (nginx && isAlive(nginx, 'nginx')) {
    spawnSync(nginxBin, [...nginxArgs, '-s', 'quit'], { stdio: 'inherit' });
    // Fast shutdown (SIGTERM) if the graceful one hangs: a SIGKILL would orphan its worker.
    const slow = (await waitGone([nginx], 'nginx', 10)).length > 0;
    if (slow) signal(nginx, 'SIGTERM');
    say(`nginx (pid ${nginx}) stopped${slow ? ' with SIGTERM' : ''}`);
  } else say('nginx: not running');

  const alive = instances.filter((i) => isAlive(i.pid, 'main.js'));
  for (const i of instances) if (!alive.includes(i)) say(`${i.name} (pid ${i.pid}): not running`);
  for (const i of alive) signal(i.pid, 'SIGTERM');
  const left = await waitGone(
    alive.map((i) => i.pid),
    'main.js',
    10,
  );
  for (const pid of left) signal(pid, 'SIGKILL');
  await waitGone(left, 'main.js', 5);
  for (const i of alive)
    say(`${i.name} (pid ${i.pid}) stopped${left.includes(i.pid) ? ' with SIGKILL' : ''}`);
  fs.rmSync(path.join(dir, 'pids'), { force: true });
}
