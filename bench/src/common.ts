// `npm run bench`: /api/common throughput next to a bare node:http server, same machine, same
// run, and the gzip size of the JavaScript the home route loads first. Prints JSON.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { homeFirstLoad } from './bundle-size.js';
import { load, startServer } from './lib.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const server = await startServer(3201);
const body = await (await fetch(`${server.url}/api/common`)).text();
const api = await load(`${server.url}/api/common`, { seconds, connections });
await server.stop();

const bare = fork(path.join(import.meta.dirname, 'bare-server.js'), ['3202', body], { stdio: 'inherit' });
await new Promise((r) => bare.once('message', r));
const baseline = await load('http://127.0.0.1:3202/', { seconds, connections });
bare.kill();

const bundle = homeFirstLoad();
console.log(
  JSON.stringify(
    {
      bench: 'common',
      machine: { cpus: os.cpus().length, node: process.version },
      settings: { seconds, connections, reply_bytes: Buffer.byteLength(body) },
      api_common: api,
      bare_node_http: baseline,
      ratio_of_bare: Math.round((api.requests_per_sec / baseline.requests_per_sec) * 1000) / 1000,
      home_first_load: bundle,
    },
    null,
    2,
  ),
);
