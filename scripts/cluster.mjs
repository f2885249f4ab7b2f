// `npm run cluster` [-- --instances N] [--no-build]: a development cluster on loopback. N server
// instances (default 3, or CLUSTER_INSTANCES) on ports 3101…310N (CLUSTER_FIRST_PORT) share one
// PostgreSQL database (CLUSTER_DB, default kc_cluster) and Redis (database CLUSTER_REDIS_DB,
// default 0), the machine's on 5432 and 6379 (CLUSTER_PG_PORT, CLUSTER_REDIS_PORT), behind nginx
// on 127.0.0.1:3000 (CLUSTER_PORT). `npm run cluster -- status` shows what is up;
// `npm run cluster -- revive` starts again the instances that are down (after a crash or a
// drill's kill -9) with the settings they were started with; `npm run cluster:stop` stops nginx
// and the instances (PostgreSQL and Redis are the machine's and stay up). Where nginx is missing
// and this runs as root, Debian's package is installed with apt-get, as ensure-browser.mjs
// does. `.tmp/cluster/cluster.json` says what runs where (the soak and the drills read it).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nginxConfig } from './cluster-nginx.conf.mjs';
import { isAlive, readPids, stopAll, writePids } from './cluster-procs.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, '.tmp/cluster');
// Connections for all instances together: about twice the cores of a small database machine
// (docs/scaling.md), each instance getting its share.
const TOTAL_POOL = 20;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

const args = process.argv.slice(2);
const command = args.find((a) => !a.startsWith('-') && !/^\d+$/.test(a)) ?? 'start';
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const count = Number(option('--instances') ?? process.env.CLUSTER_INSTANCES ?? 3);
const port = Number(process.env.CLUSTER_PORT || 3000);
const firstPort = Number(process.env.CLUSTER_FIRST_PORT || 3101);
const database = process.env.CLUSTER_DB || 'kc_cluster';
const redisDb = Number(process.env.CLUSTER_REDIS_DB || 0);
// The machine's PostgreSQL and Redis; other ports serve a private pair (a drill rehearsal).
const pgPort = String(Number(process.env.CLUSTER_PG_PORT || 5432));
const redisPort = String(Number(process.env.CLUSTER_REDIS_PORT || 6379));
const PG = `postgres://postgres@127.0.0.1:${pgPort}`;
const REDIS_URL = `redis://127.0.0.1:${redisPort}${redisDb ? `/${redisDb}` : ''}`;

const fail = (msg) => {
  console.error(`cluster: ${msg}`);
  process.exit(1);
};
const run = (cmd, argv, opts = {}) => spawnSync(cmd, argv, { cwd: root, encoding: 'utf8', ...opts });
const ok = (cmd, argv) => run(cmd, argv).status === 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const nginxArgs = [
  '-c',
  path.join(dir, 'nginx.conf'),
  '-p',
  `${dir}/`,
  '-e',
  path.join(dir, 'nginx-error.log'),
];

async function until(what, test, seconds) {
  for (let waited = 0; waited < seconds * 4; waited++) {
    if (await test()) return;
    await sleep(250);
  }
  fail(`${what} did not come up within ${seconds} s`);
}

function ensureNginx() {
  if (run(NGINX, ['-v']).status === 0) return;
  if (!isRoot) fail('nginx is missing: install it with sudo apt-get install -y nginx');
  console.log('Installing nginx with apt-get…');
  const apt = 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx';
  if (run('sh', ['-c', apt], { stdio: 'inherit' }).status !== 0) fail('apt-get could not install nginx');
}

async function ensureServices() {
  if (!ok('pg_isready', ['-q', '-h', '127.0.0.1', '-p', pgPort])) {
    if (pgPort !== '5432') fail(`PostgreSQL on 127.0.0.1:${pgPort} (CLUSTER_PG_PORT) is not running`);
    const version = fs.readdirSync('/etc/postgresql').sort().at(-1);
    console.log(`Starting PostgreSQL ${version}…`);
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
    await until('PostgreSQL', () => ok('pg_isready', ['-q', '-h', '127.0.0.1', '-p', pgPort]), 30);
  }
  const pong = () => run('redis-cli', ['-h', '127.0.0.1', '-p', redisPort, 'ping']).stdout?.trim() === 'PONG';
  if (!pong()) {
    console.log('Starting Redis (loopback, no snapshots)…');
    const redisArgs = ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', redisPort, '--save', ''];
    run('redis-server', redisArgs, { stdio: 'inherit' });
    await until('Redis', pong, 15);
  }
  const psql = (sql) => run('psql', [`${PG}/postgres`, '-tAqc', sql]);
  const found = psql(`select 1 from pg_database where datname = '${database}'`);
  if (found.status !== 0) fail(`psql on ${PG}: ${found.stderr.trim()}`);
  if (found.stdout.trim() !== '1') {
    const made = psql(`create database "${database}"`);
    if (made.status !== 0) fail(`could not create database ${database}: ${made.stderr.trim()}`);
    console.log(`Created database ${database}.`);
  }
}

/** What `start` launched, for `status`, `revive`, the soak and the drills. */
const readInfo = () => {
  const file = path.join(dir, 'cluster.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
};

/** Starts one instance, detached, its output appended to `.tmp/cluster/<name>.log`. */
function launch(info, i) {
  const name = `instance-${i + 1}`;
  const log = fs.openSync(path.join(dir, `${name}.log`), 'a');
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(info.firstPort + i),
      DATABASE_URL: info.databaseUrl,
      DATABASE_POOL_SIZE: String(info.poolSize),
      REDIS_URL: info.redisUrl,
      TRUST_PROXY: '127.0.0.1',
      SEED: 'on',
      // One directory for all; on PostgreSQL nothing is kept there (files are large objects,
      // decision 072), so instances on several machines would need no shared volume.
      DATA_DIR: path.join(dir, 'data'),
    },
  });
  child.unref();
  fs.closeSync(log);
  return { name, pid: child.pid, port: info.firstPort + i };
}

/** Every instance starts at once: migrations and the first seed wait on an advisory lock. */
function startInstances(info) {
  fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
  for (let i = 0; i < info.count; i++) fs.rmSync(path.join(dir, `instance-${i + 1}.log`), { force: true });
  return Array.from({ length: info.count }, (_, i) => launch(info, i));
}

async function health(p) {
  try {
    const res = await fetch(`http://127.0.0.1:${p}/api/health`, { signal: AbortSignal.timeout(2000) });
    const body = await res.json();
    return res.ok
      ? `up (${body.data.database.kind}, ${body.data.database.latency_ms} ms)`
      : `HTTP ${res.status}`;
  } catch {
    return null;
  }
}

/** Waits until every instance answers; on failure stops the cluster unless `keep` (revive). */
async function waitHealthy(instances, keep = false) {
  const stop = () => (keep ? undefined : stopAll(dir, NGINX, nginxArgs));
  for (let waited = 0; waited < 4 * 180; waited++) {
    const dead = instances.find((i) => !isAlive(i.pid, 'main.js'));
    if (dead) {
      const tail = fs
        .readFileSync(path.join(dir, `${dead.name}.log`), 'utf8')
        .split('\n')
        .slice(-15);
      console.error(tail.join('\n'));
      await stop();
      fail(`${dead.name} exited during start-up (log above, .tmp/cluster/${dead.name}.log)`);
    }
    const states = await Promise.all(instances.map((i) => health(i.port)));
    if (states.every((s) => s?.startsWith('up'))) return states;
    await sleep(250);
  }
  await stop();
  fail('instances not healthy within 180 s (see .tmp/cluster/instance-*.log)');
}

async function status() {
  const { instances, nginx } = readPids(dir);
  const info = readInfo();
  if (!instances.length && !nginx) return console.log('cluster: not running');
  console.log(
    `nginx         ${isAlive(nginx, 'nginx') ? `up (pid ${nginx}) on http://127.0.0.1:${info?.port ?? port}` : 'down'}`,
  );
  for (const i of instances) {
    const state = isAlive(i.pid, 'main.js') ? ((await health(i.port)) ?? 'not answering') : 'down';
    console.log(`${i.name.padEnd(13)} :${i.port} pid ${i.pid} ${state}`);
  }
}

async function start() {
  if (!Number.isInteger(count) || count < 1 || count > 20) fail('--instances must be 1 to 20');
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail('CLUSTER_PORT must be a port number');
  if (!Number.isInteger(firstPort) || firstPort < 1 || firstPort + count > 65536)
    fail('CLUSTER_FIRST_PORT must be a port number');
  if (!Number.isInteger(redisDb) || redisDb < 0 || redisDb > 15) fail('CLUSTER_REDIS_DB must be 0 to 15');
  if (pgPort === 'NaN' || redisPort === 'NaN')
    fail('CLUSTER_PG_PORT and CLUSTER_REDIS_PORT must be port numbers');
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) fail('CLUSTER_DB must be a plain lower-case name');
  const running = readPids(dir);
  if (running.instances.some((i) => isAlive(i.pid, 'main.js')) || isAlive(running.nginx, 'nginx'))
    fail('already running (npm run cluster -- status); stop it with npm run cluster:stop');
  if (
    !args.includes('--no-build') &&
    run('npm', ['run', 'build', '--silent'], { stdio: 'inherit' }).status !== 0
  )
    fail('build failed');
  ensureNginx();
  await ensureServices();
  fs.mkdirSync(path.join(dir, 'nginx-temp'), { recursive: true });

  console.log(`Starting ${count} instances on PostgreSQL database ${database} and Redis…`);
  const info = {
    port,
    firstPort,
    count,
    database,
    databaseUrl: `${PG}/${database}`,
    redisUrl: REDIS_URL,
    poolSize: Math.max(2, Math.floor(TOTAL_POOL / count)),
  };
  fs.writeFileSync(path.join(dir, 'cluster.json'), JSON.stringify(info, null, 2) + '\n');
  const instances = startInstances(info);
  writePids(dir, instances);
  const states = await waitHealthy(instances);
  instances.forEach((i, k) =>
    console.log(`  ${i.name} http://127.0.0.1:${i.port} pid ${i.pid}: ${states[k]}`),
  );

  // As root, nginx's workers drop to the checkout's owner, who can read the build and write
  // .tmp/cluster (nginx's default "nobody" may not reach a home directory).
  const uid = String(fs.statSync(root).uid);
  const user = isRoot
    ? `${run('id', ['-nu', uid]).stdout.trim()} ${run('id', ['-ng', uid]).stdout.trim()}`
    : undefined;
  const conf = nginxConfig({
    dir,
    webDist: path.join(root, 'apps/web/dist'),
    port,
    ports: instances.map((i) => i.port),
    user,
  });
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const nginx = run(NGINX, nginxArgs);
  if (nginx.status !== 0) {
    console.error(nginx.stderr);
    await stopAll(dir, NGINX, nginxArgs);
    fail('nginx did not start (config in .tmp/cluster/nginx.conf)');
  }
  const front = await health(port);
  console.log(`
  康采医药网 cluster: http://127.0.0.1:${port} (nginx, ${front ?? 'not answering'})
  ${count} instances on 127.0.0.1:${firstPort}…${firstPort + count - 1}, logs in .tmp/cluster/instance-N.log
  database ${PG}/${database}, Redis ${REDIS_URL}
  DEVELOPMENT cluster: demo data and logins (SEED=on), development providers
  status: npm run cluster -- status    stop: npm run cluster:stop
`);
}

/**
 * Starts again every instance that is down, with the settings `start` gave it, and waits
 * until it answers; nginx takes it back once its fail_timeout (5 s) has passed.
 */
async function revive() {
  const info = readInfo();
  const { instances } = readPids(dir);
  if (!info || !instances.length) fail('not running (npm run cluster)');
  const down = instances.filter((i) => !isAlive(i.pid, 'main.js'));
  if (!down.length) return console.log('cluster: every instance is up');
  const started = down.map((i) => launch(info, Number(i.name.replace('instance-', '')) - 1));
  writePids(
    dir,
    instances.map((i) => started.find((s) => s.name === i.name) ?? i),
  );
  const states = await waitHealthy(started, true);
  started.forEach((i, k) => console.log(`  ${i.name} http://127.0.0.1:${i.port} pid ${i.pid}: ${states[k]}`));
}

if (command === 'start') await start();
else if (command === 'status') await status();
else if (command === 'revive') await revive();
else if (command === 'stop') await stopAll(dir, NGINX, nginxArgs, true);
else fail(`unknown command ${command} (start, status, revive, stop)`);
