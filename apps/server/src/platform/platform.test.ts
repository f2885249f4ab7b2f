import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idListSchema } from '@kc/domain';
import { buildApp } from '../app.js';
import { createContext } from '../app/compose.js';
import type { AppContext } from './context.js';
import { openTestDatabase } from '../test/helper.js';
import { ConfigError, loadConfig } from './config.js';
import { sql } from 'drizzle-orm';
import { DataDirLockedError, openPglite, prepared, type Database, type Queryable } from './db.js';
import { parse, ok } from './http.js';

let app: FastifyInstance;
let ctx: AppContext;
let database: Database;
let drop: () => Promise<void>;
let webDist: string;
// Every write under /api needs the XSRF double submit (decision 003, issue 15).
const XSRF = { cookie: 'XSRF-TOKEN=probe', 'x-xsrf-token': 'probe' };

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>康采医药网</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: webDist });
  ctx = createContext(config, database, () => new Date());
  app = await buildApp(ctx, { logger: false });
  // Probe routes registered only in this test, to see what the platform does with input and failures.
  app.post('/api/probe/echo', async (req) => ok(req.body));
  app.get('/api/probe/query', async (req) => ok(req.query));
  app.post('/api/probe/ids', async (req) => ok(parse(z.object({ ids: idListSchema }), req.body)));
  app.get('/api/probe/boom', async () => {
    throw new Error('database password is hunter2');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.bus.close();
  await drop();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('input parsing with qs', () => {
  it('builds arrays and nested lists from form bodies', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { ...XSRF, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'ids[]=1&ids[]=2&params[0][goods_id]=5&params[0][number]=10&params[1][goods_id]=6',
    });
    expect(res.json().data).toEqual({
      ids: ['1', '2'],
      params: [{ goods_id: '5', number: '10' }, { goods_id: '6' }],
    });
  });

  it('builds arrays from query strings', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/probe/query?ids[]=3&ids[]=4&page=2' });
    expect(res.json().data).toEqual({ ids: ['3', '4'], page: '2' });
  });

  it('accepts JSON bodies too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/ids',
      headers: XSRF,
      payload: { ids: [7, 8] },
    });
    expect(res.json()).toEqual({ code: 10000, msg: 'ok', data: { ids: [7, 8] } });
  });
});

describe('the envelope and the error catalogue', () => {
  it('answers 422 with the first field message and every field error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/ids',
      headers: XSRF,
      payload: { ids: ['x'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 422,
      msg: 'ID必须是正整数',
      data: { errors: { 'ids.0': 'ID必须是正整数' } },
    });
  });

  it('hides 5xx detail behind 系统繁忙', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/probe/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: '系统繁忙，请稍候再试', data: null });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, msg: '接口不存在' });
  });

  it('answers malformed JSON with a clear 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { ...XSRF, 'content-type': 'application/json' },
      payload: '{"ids": [1,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '请求格式有误' });
  });

  it('tags every reply with a request id', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('reports the database in /api/health', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().data).toMatchObject({ status: 'ok', database: { kind: database.kind, ok: true } });
  });
});

describe('the storefront', () => {
  it.each(['/', '/list/info/42', '/order/info/7?x=1', '/no-such-page'])(
    'serves index.html for %s (deep links)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves hashed assets with a long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});

describe('configuration', () => {
  it('has defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      env: 'development',
      seed: true,
      databaseUrl: undefined,
      databasePoolSize: 10,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('lists every bad value', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        DATABASE_POOL_SIZE: '0',
        NODE_ENV: 'staging',
        REDIS_URL: 'http://r',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/DATABASE_POOL_SIZE/);
      expect(problems).toMatch(/NODE_ENV/);
      expect(problems).toMatch(/REDIS_URL/);
    }
  });
});

describe('the embedded database', () => {
  it('refuses a second process on the same data directory and frees it on close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-lock-'));
    // A live process other than us holds the lock: our parent (the test runner) stands in for it.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    // A stale lock from a dead process is taken over.
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999');
    const db = await openPglite(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    await db.close();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('prepared statements', () => {
  it('answers a marked statement like any other, and the connection keeps it parsed', async () => {
    const run = async (q: Queryable, n: number) =>
      (
        (await q.execute(prepared(sql`select ${n}::int * 2 as twice, ${'药'}::text as word`))) as {
          rows: unknown[];
        }
      ).rows[0];
    const held = async (q: Queryable) =>
      (
        (await q.execute(
          sql`select name from pg_prepared_statements where statement like '%::int * 2 as twice%'`,
        )) as { rows: { name: string }[] }
      ).rows.map((r) => r.name);
    // PostgreSQL: a transaction keeps one connection of the pool, whose statements we can see.
    // PGlite: one session; statements in a transaction run unnamed, so this runs outside one.
    const seen =
      database.kind === 'postgres'
        ? await database.db.transaction(async (tx) => ({
            answers: [await run(tx, 1), await run(tx, 21)],
            names: await held(tx),
          }))
        : {
            answers: [await run(database.db, 1), await run(database.db, 21)],
            names: await held(database.db),
          };
    expect(seen.answers).toEqual([
      { twice: 2, word: '药' },
      { twice: 42, word: '药' },
    ]);
    expect(seen.names).toHaveLength(1);
    expect(seen.names[0]).toMatch(/^kc_[0-9a-f]{24}$/);
  });

  it('reports a marked statement that fails, and runs it again once it can', async () => {
    const db = database.db;
    const failing = () => db.execute(prepared(sql`select 1 / ${0}::int as x`));
    await expect(failing()).rejects.toThrow();
    await expect(failing()).rejects.toThrow();
    const ok = (await db.execute(prepared(sql`select ${7}::int as x`))) as { rows: unknown[] };
    expect(ok.rows).toEqual([{ x: 7 }]);
  });
});
