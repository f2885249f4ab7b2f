import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import qs from 'qs';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { createContext, type ContextOptions } from '../app/compose.js';
import { loadConfig } from '../platform/config.js';
import type { AppContext } from '../platform/context.js';
import { openPglite, openPostgres, type Database } from '../platform/db.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Moves the clock the services see. */
  clock: { now: Date };
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite by default; when DATABASE_URL is set
 * (CI), a new PostgreSQL database created here and dropped on close.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  // The run's template (test/global-setup.ts): already migrated, so opening one costs a copy.
  const template = templates();
  if (!url) {
    const database = await openPglite(
      undefined,
      template.pglite ? { loadDataDir: new Blob([fs.readFileSync(template.pglite)]) } : {},
    );
    return { database, drop: () => database.close() };
  }
  const name = `kc_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template.pg ? ` TEMPLATE ${template.pg}` : ''}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString(), { max: 10 });
  return {
    database,
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** The templates of this run, or none when a file runs without the global setup. */
function templates(): { pglite: string; pg: string } {
  try {
    return { pglite: inject('pgliteTemplate') ?? '', pg: inject('pgTemplate') ?? '' };
  } catch {
    return { pglite: '', pg: '' };
  }
}

export async function createTestApp(): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const t = await createTestAppOn(database);
  return {
    ...t,
    close: async () => {
      await t.close();
      await drop();
    },
  };
}

/**
 * An app on a database the caller opened and closes (two apps on one database play two
 * instances). `env` adds to the test config, e.g. REDIS_URL for a bus on Redis.
 */
export async function createTestAppOn(
  database: Database,
  env: Record<string, string> = {},
  opts: ContextOptions = {},
): Promise<TestApp> {
  const clock = { now: new Date() };
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env });
  const ctx = createContext(config, database, () => clock.now, opts);
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    clock,
    close: async () => {
      await app.close();
      await ctx.bus.close();
    },
  };
}

/** A browser-like client: keeps cookies and echoes the XSRF token on writes. */
export class Client {
  cookies = new Map<string, string>();
  /** Sent with every request (say an X-Forwarded-For a test forges). */
  headers: Record<string, string> = {};
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  private absorb(res: LightMyRequestResponse): void {
    for (const c of res.cookies) {
      if (c.value === '' || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: Record<string, unknown>,
    headers: Record<string, string> = {},
    raw?: Buffer,
  ) {
    // A browser's first write follows some GET /api that set the XSRF cookie (every write needs it).
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.get('/api/health');
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(method !== 'GET' && xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...this.headers,
        ...headers,
      },
      payload: raw ?? (body ? qs.stringify(body) : undefined),
    });
    this.absorb(res);
    // A file (an export, a document) is not an envelope: `body` is then null, `res` has the bytes.
    const json = String(res.headers['content-type'] ?? '').includes('json');
    const parsed = (json ? res.json() : null) as { code: number; msg: string; data: any };
    return { status: res.statusCode, body: parsed, res };
  }
  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body: Record<string, unknown> = {}) {
    return this.request('POST', url, body);
  }
  /** POSTs a ready-made body with its content type (multipart uploads: test/multipart.ts). */
  postRaw(url: string, payload: Buffer, contentType: string) {
    return this.request('POST', url, undefined, { 'content-type': contentType }, payload);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }
  async login(username: string, password: string) {
    return this.post('/api/login', { username, password });
  }
}

/** Throws with the reply's message unless a sign-in answered success. */
function assertSignedIn(who: string, reply: { status: number; body: { code: number; msg: string } | null }) {
  if (reply.body?.code !== 10000)
    throw new Error(`${who} could not sign in: ${reply.status} ${reply.body?.msg}`);
}

/** A client signed in as the member `username` (the seed's password unless given). */
export async function signedInMember(app: FastifyInstance, username: string, password = 'demo123456') {
  const c = new Client(app);
  assertSignedIn(username, await c.login(username, password));
  return c;
}

/** A client signed in to the back office as `username` (the seed's password unless given). */
export async function signedInOperator(app: FastifyInstance, username: string, password = 'admin123456') {
  const c = new Client(app);
  assertSignedIn(username, await c.post('/api/admin/login', { username, password }));
  return c;
}
