// Runs after both Vite builds (`npm run build -w @kc/web`): writes a brotli (`.br`, quality 11)
// and a gzip (`.gz`, level 9) copy next to every text file of dist/, which the server sends to
// browsers that accept them (`@fastify/static` with `preCompressed`, decision 057). Done once
// here at the highest levels instead of on every request at the cheap ones; node:zlib only,
// no plugin to keep up with Vite's majors.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Kept in step with PRECOMPRESSED in apps/server/src/app.ts. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

const dist = path.resolve(import.meta.dirname, '../dist');

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    // .vite/ holds the build manifests, read by the bench, never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

async function compress(file) {
  const raw = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: 9 }),
  ]);
  // Every text file gets both copies, even a tiny one: a missing copy would be compressed on
  // each request instead (the server compresses no built file on the fly).
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
  return { raw: raw.length, br: br.length, gz: gz.length };
}

const started = performance.now();
const list = [];
for await (const f of files(dist)) list.push(f);
const totals = { files: list.length, raw: 0, br: 0, gz: 0 };
// A few at a time: zlib's async calls run on libuv's thread pool.
for (let i = 0; i < list.length; i += 8) {
  for (const r of await Promise.all(list.slice(i, i + 8).map(compress))) {
    totals.raw += r.raw;
    totals.br += r.br;
    totals.gz += r.gz;
  }
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `precompressed ${totals.files} files in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
    `${kb(totals.raw)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
);
