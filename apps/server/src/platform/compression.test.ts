import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createContext } from '../app/compose.js';
import { openTestDatabase } from '../test/helper.js';
import { loadConfig } from './config.js';
import type { AppContext } from './context.js';
import { ok } from './http.js';
import { COMPRESS_THRESHOLD_BYTES } from './compression.js';

let app: FastifyInstance;
let ctx: AppContext;
let drop: () => Promise<void>;
let webDist: string;

const SCRIPT = `console.log(${JSON.stringify('康采'.repeat(400))});\n`;
const INDEX = `<!doctype html><title>康采医药网</title><div id="root"></div>${'<!-- x -->'.repeat(50)}`;
/** A reply well above the threshold: 50 goods-like rows. */
const ROWS = Array.from({ length: 50 }, (_, i) => ({
  id: i,
  name: '阿莫西林胶囊',
  sccj: '某某制药有限公司',
}));

beforeAll(async () => {
  let database;
  ({ database, drop } = await openTestDatabase());
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(webDist, 'assets'));
  // As the build leaves them (apps/web/scripts/precompress.mjs): the file and its two copies.
  const js = path.join(webDist, 'assets', 'index-abc123.js');
  fs.writeFileSync(js, SCRIPT);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(webDist, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: webDist });
  ctx = createContext(config, database, () => new Date());
  app = await buildApp(ctx, { logger: false });
  // Probe routes registered only in this test, for the kinds of reply the app sends.
  app.get('/api/probe/rows', async () => ok(ROWS));
  app.get('/api/probe/small', async () => ok({ id: 1 }));
  app.get('/api/probe/events', async (_req, reply) =>
    reply.type('text/event-stream').send(`data: ${'x'.repeat(2000)}\n\n`),
  );
  app.get('/api/probe/download', async (_req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="goods.csv"')
      .send('id,name\n'.repeat(500)),
  );
  app.get('/api/probe/photo', async (_req, reply) => reply.type('image/jpeg').send(Buffer.alloc(5000, 1)));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.bus.close();
  await drop();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built storefront goes compressed when the browser accepts it', () => {
  it('sends the brotli copy to a browser that accepts br, with the type of the file', async () => {
    const r = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^application\/javascript/);
    expect(r.headers['vary']).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const r = await get('/assets/index-abc123.js', 'gzip');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(r.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts neither', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const r = await get('/assets/index-abc123.js', accept);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.body).toBe(SCRIPT);
    }
  });

  it('leaves an image as it is', async () => {
    const r = await get('/assets/logo-abc123.png', 'gzip, br');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.rawPayload.length).toBe(4096);
  });

  it('compresses index.html on deep links', async () => {
    const br = await get('/list/info/1', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);
    const gz = await get('/search', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(INDEX);
    const plain = await get('/search');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });
});

describe('API replies are compressed above the threshold', () => {
  it('compresses a JSON reply larger than 1 KB with brotli, or gzip', async () => {
    const body = JSON.stringify({ code: 10000, msg: 'ok', data: ROWS });
    expect(Buffer.byteLength(body)).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await get('/api/probe/rows', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(body) / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(body));
    const gz = await get('/api/probe/rows', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).data).toEqual(ROWS);
  });

  it('answers plain JSON to a client that asks for no encoding', async () => {
    const r = await get('/api/probe/rows');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json().data).toEqual(ROWS);
  });

  it('leaves a reply under the threshold as it is', async () => {
    const r = await get('/api/probe/small', 'gzip, br');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toEqual({ code: 10000, msg: 'ok', data: { id: 1 } });
  });

  it('leaves event streams, downloads and already-packed images alone', async () => {
    for (const url of ['/api/probe/events', '/api/probe/download', '/api/probe/photo']) {
      const r = await get(url, 'gzip, deflate, br');
      expect(r.headers['content-encoding'], url).toBeUndefined();
    }
    const download = await get('/api/probe/download', 'gzip, br');
    expect(download.body).toBe('id,name\n'.repeat(500));
    expect(download.headers['content-length']).toBe(String(500 * 8));
  });
});
