// CPU time the server process spends per request of /api/common (utime+stime from /proc), N requests by autocannon.
import { spawn } from 'node:child_process';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import autocannon from 'autocannon';
const [dist, port, enc] = process.argv.slice(2);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-cpu-'));
const child = spawn(process.execPath, [path.join('/work/main', dist, 'main.js')], { env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
const url = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(url + '/api/health')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 300)); }
const tick = () => { const f = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 1000 / 100; };
const headers = enc ? { 'accept-encoding': enc } : {};
await autocannon({ url: url + '/api/common', amount: 3000, connections: 8, headers });
const out = [];
for (let i = 0; i < 3; i++) {
  const t0 = tick();
  const r = await autocannon({ url: url + '/api/common', amount: 20000, connections: 8, headers });
  out.push(Math.round(((tick() - t0) * 1000) / 20000));
  if (i === 0) var bytes = r.throughput.total / r.requests.total;
}
console.log(JSON.stringify({ dist, enc: enc ?? 'none', cpu_us_per_request: out, bytes_per_reply: Math.round(bytes) }));
child.kill(); fs.rmSync(dataDir, { recursive: true, force: true });
