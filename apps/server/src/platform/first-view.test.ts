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
import { loadStorefrontIndex, type FirstViewTable } from './first-view.js';

const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>康采医药网</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
/** As the storefront's build writes it (apps/web/vite.config.ts, firstViewPreload). */
const TABLE: FirstViewTable = {
  early: '/assets/early-e1.js',
  pages: [
    {
      paths: '^/$',
      scripts: ['/assets/HomePage-h1.js', '/assets/first-home-h2.js'],
      styles: ['/assets/first-home-h3.css'],
    },
    { paths: '^/(list|search)/?$', scripts: ['/assets/ListPages-l1.js'], styles: [] },
    { paths: '^/(list_info|list/info)/[^/]+/?$', scripts: ['/assets/DetailPage-d1.js'], styles: [] },
  ],
};

let app: FastifyInstance;
let ctx: AppContext;
let drop: () => Promise<void>;
let webDist: string;

beforeAll(async () => {
  let database;
  ({ database, drop } = await openTestDatabase());
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDist, 'first-view.json'), JSON.stringify(TABLE));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: webDist });
  ctx = createContext(config, database, () => new Date());
  app = await buildApp(ctx, { logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.bus.close();
  await drop();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = async (url: string, acceptEncoding = 'gzip, deflate, br') => {
  const r = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/html/);
  const body =
    r.headers['content-encoding'] === 'br'
      ? zlib.brotliDecompressSync(r.rawPayload).toString()
      : r.headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(r.rawPayload).toString()
        : r.body;
  return body;
};

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('index.html names the landing page’s chunk for the pages a visit starts on (issue 17 item 8)', () => {
  it('home gets its page chunk, its shared files, its style and the early script, in the head', async () => {
    const html = await page('/');
    expect(preloads(html)).toEqual(['/assets/HomePage-h1.js', '/assets/first-home-h2.js']);
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/first-home-h3.css">');
    expect(html).toContain(
      '<script type="module" async crossorigin fetchpriority="high" src="/assets/early-e1.js"></script>',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('/assets/HomePage-h1.js');
    // The built entry stays as it was.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('a search with its query, a list and a goods detail get their own page’s chunk', async () => {
    expect(preloads(await page('/search?keywords=amxl&type=0'))).toEqual(['/assets/ListPages-l1.js']);
    expect(preloads(await page('/list'))).toEqual(['/assets/ListPages-l1.js']);
    expect(preloads(await page('/list/info/79', 'gzip'))).toEqual(['/assets/DetailPage-d1.js']);
    expect(preloads(await page('/list_info/79', 'identity'))).toEqual(['/assets/DetailPage-d1.js']);
  });

  it('any other page gets index.html as built: no preloads and no early script', async () => {
    for (const url of ['/login', '/member', '/list/info', '/cart?x=1']) {
      const html = await page(url);
      expect(html).toBe(INDEX);
    }
  });

  it('a missing or broken table costs only the preloads', () => {
    const warnings: string[] = [];
    fs.writeFileSync(
      path.join(webDist, 'first-view.json'),
      '{"pages":[{"paths":"(","scripts":[],"styles":[]}]}',
    );
    const broken = loadStorefrontIndex(webDist, (m) => warnings.push(m));
    expect(broken?.htmlFor('/')).toBe(INDEX);
    expect(warnings).toHaveLength(1);
    fs.writeFileSync(path.join(webDist, 'first-view.json'), '{"early":"javascript:alert(1)","pages":[]}');
    expect(loadStorefrontIndex(webDist, () => undefined)?.htmlFor('/')).toBe(INDEX);
    fs.rmSync(path.join(webDist, 'first-view.json'));
    expect(loadStorefrontIndex(webDist, () => undefined)?.htmlFor('/')).toBe(INDEX);
    fs.writeFileSync(path.join(webDist, 'first-view.json'), JSON.stringify(TABLE));
  });
});
