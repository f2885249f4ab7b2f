import qs from 'qs';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from './app.js';
import { recordParses } from './platform/http.js';
import { seedDemo } from './seed/index.js';
import { rowsOf } from './platform/db.js';
import { Client, createTestApp, type TestApp } from './test/helper.js';
import { HOSTILE_PATH_VALUES, changedTables, checksums, hostileValues, nextXid } from './test/hostile.js';
import { fieldsOf, validBase, withValue } from './test/hostile-schema.js';

// Walks every registered route with hostile values built from the route's own schemas: each
// answer is a clear 4xx (or a success), never a 5xx nor the database's safety-net 422, and a
// refused request changes no row of any table.
type Source = 'query' | 'body' | 'params';
type Input = Record<string, unknown>;
interface Seen {
  schema: z.ZodType;
  source: Source;
  input: unknown;
}

const SAFETY_NET = '提交的数据有误';
const NUL_REFUSED = '内容含有不允许的字符';
const hasNul = (v: unknown) => typeof v === 'string' && (v.includes('\u0000') || v.includes('%00'));
const Q_MARK = '_hq';
const B_MARK = '_hb';

let t: TestApp;
let member: Client;
let admin: Client;
const failures: string[] = [];
let requests = 0;
const schemas = { seen: 0, based: 0 };
let known: Record<string, string | string[]> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx.database.db);
  member = new Client(t.app, '10.99.0.1');
  admin = new Client(t.app, '10.99.0.2');
  await member.login('demo', 'demo123456');
  await admin.get('/api/health');
  await admin.post('/api/admin/login', { username: 'admin', password: 'admin123456' });
  known = await realRows();
});

afterAll(async () => {
  recordParses(null);
  await t.close();
});

/** Rows of the demo member's that benign bases name, so requests get past "not found". */
async function realRows(): Promise<Record<string, string | string[]>> {
  const db = t.ctx.database.db;
  const one = async (q: ReturnType<typeof sql>) =>
    String(rowsOf<{ id: number }>(await db.execute(q))[0]?.id ?? 1);
  const demo = sql`(select id from members where username = 'demo')`;
  const goods = rowsOf<{ id: number; ck: number }>(
    await db.execute(
      sql`select id, ck_id as ck from goods where is_buy and on_shelf and stock > 1000 and zbz = 1 and qg_number = 0 order by id limit 20`,
    ),
  );
  let line = '1';
  let pick = goods[0];
  for (const g of goods) {
    const r = await member.post('/api/cart', { params: [{ goods_id: g.id, number: 1, ck_id: g.ck }] });
    if (r.status === 200) {
      pick = g;
      line = await one(sql`select id from cart_lines where member_id = ${demo} order by id desc limit 1`);
      break;
    }
  }
  const order = await one(sql`select id from orders where member_id = ${demo} order by id desc limit 1`);
  return {
    goods_id: String(pick?.id ?? 1),
    ck_id: String(pick?.ck ?? 1),
    line,
    order,
    order_line: await one(sql`select id from order_lines where order_id = ${order} order by id limit 1`),
    address_id: await one(sql`select id from member_addresses where member_id = ${demo} order by id limit 1`),
  };
}

/** The real row a route's `:id` names, by the route's area. */
function realId(route: string): string {
  if (/^\/api\/(cart\/quick_add|goods)\//.test(route)) return known.goods_id as string;
  if (route.startsWith('/api/cart/')) return known.line as string;
  if (/^\/api\/order\/:id/.test(route)) return known.order as string;
  if (route.startsWith('/api/user/address')) return known.address_id as string;
  return '1';
}
const pathParams = (route: string) => [...route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
// A '%00' path value stays a percent-encoded NUL (the guard's case), not an escaped '%'.
const fill = (route: string, values: Record<string, string> = {}) =>
  route
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? realId(route)))
    .replace(/%2500/g, '%00');

function sourceOf(input: unknown, params: string[]): Source | 'merged' {
  const o = (input ?? {}) as Input;
  if (Q_MARK in o && B_MARK in o) return 'merged';
  if (Q_MARK in o) return 'query';
  if (B_MARK in o) return 'body';
  return Object.keys(o).every((k) => params.includes(k)) ? 'params' : 'body';
}

const strip = (o: unknown): Input => {
  const { [Q_MARK]: _q, [B_MARK]: _b, ...rest } = (o ?? {}) as Input;
  return rest;
};

/** The schemas a route parses, learnt from one benign request. */
async function discover(method: string, route: string, client: Client): Promise<Seen[]> {
  const params = pathParams(route);
  const seen: Seen[] = [];
  recordParses((schema, input) => {
    const source = sourceOf(input, params);
    if (!seen.some((s) => s.schema === schema))
      seen.push({ schema, source: source === 'merged' ? 'body' : source, input: strip(input) });
  });
  await send(client, method, fill(route), { [Q_MARK]: '1' }, { [B_MARK]: '1' });
  recordParses(null);
  return seen;
}

async function send(client: Client, method: string, url: string, query: Input, body: Input) {
  const q = qs.stringify(query);
  const full = q ? `${url}?${q}` : url;
  const xsrf = client.cookies.get('XSRF-TOKEN') ?? '';
  const res = await t.app.inject({
    method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: full,
    remoteAddress: client === admin ? '10.99.0.2' : '10.99.0.1',
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': xsrf,
      ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    payload: method === 'GET' ? undefined : qs.stringify(body),
  });
  // Some calls reply with a file (a PDF contract); only envelopes carry a message.
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, msg: json ? (res.json() as { msg: string }).msg : '' };
}

let baseline: Map<string, string>;
let lastXid = '';

/** Takes the database's state as the one later refused requests must leave unchanged. */
async function rebase() {
  lastXid = await nextXid(t.ctx.database.db);
  baseline = await checksums(t.ctx.database.db);
}

/** Sends one hostile request and checks the answer and the database. */
async function probe(
  client: Client,
  method: string,
  route: string,
  label: string,
  parts: {
    url: string;
    query: Input;
    body: Input;
  },
  value?: unknown,
) {
  requests++;
  const r = await send(client, method, parts.url, parts.query, parts.body);
  if (hasNul(value) && (r.status !== 422 || r.msg !== NUL_REFUSED))
    failures.push(`${method} ${route} ${label} → ${r.status} ${r.msg}: not the NUL guard's 422`);
  if (method !== 'GET' && !READS_BY_POST.has(route) && r.status < 300 && outrageous(value))
    failures.push(`${method} ${route} ${label} → ${r.status}: accepted`);
  const xid = await nextXid(t.ctx.database.db);
  if (xid === lastXid) return check(r, `${method} ${route} ${label} → ${r.status}`, []);
  lastXid = xid;
  const after = await checksums(t.ctx.database.db);
  check(r, `${method} ${route} ${label} → ${r.status}`, changedTables(baseline, after));
  baseline = after;
}

function check(r: { status: number; msg: string }, where: string, changed: string[]) {
  if (r.status >= 500) failures.push(`${where} ${r.msg}`);
  else if (r.status === 422 && r.msg === SAFETY_NET) failures.push(`${where} safety net`);
  else if (r.status >= 400 && changed.length) failures.push(`${where} but wrote ${changed.join(',')}`);
}

/**
 * Calls that are POSTs only to carry a large body or a file, and write nothing: a pasted
 * purchase list of 1,000 rows is rightly longer than any text field (its schema bounds it).
 */
const READS_BY_POST = new Set(['/api/quick_buy/match']);

/** A value no write may accept: text of 100,000 characters or a number past int4. */
const outrageous = (v: unknown) =>
  (typeof v === 'string' && v.length >= 5_000) || (typeof v === 'number' && Math.abs(v) >= 2 ** 31);

const short = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 24 ? `${s.slice(0, 12)}…(${s.length})` : s;
};

/** Known values by field name: cart calls' `ids` are cart lines, order calls' are order lines. */
function fieldsKnown(route: string) {
  const ids = route.startsWith('/api/cart') || route.startsWith('/api/order') ? [known.line] : undefined;
  return { ...known, line_id: known.order_line, ...(ids ? { ids } : {}) };
}

async function walk(method: string, route: string) {
  const client = route.startsWith('/api/admin') ? admin : member;
  const seen = await discover(method, route, client);
  await rebase();
  const base: Record<Source, Input> = { query: {}, body: {}, params: {} };
  for (const s of seen) {
    const valid = validBase(s.schema, s.input, fieldsKnown(route));
    schemas.seen++;
    if (valid) schemas.based++;
    base[s.source] = { ...base[s.source], ...(valid ?? strip(s.input)) };
  }
  const url = fill(route, base.params as Record<string, string>);
  for (const name of pathParams(route))
    for (const v of HOSTILE_PATH_VALUES) {
      const parts = {
        url: fill(route, { ...(base.params as Record<string, string>), [name]: v }),
        query: base.query,
        body: base.body,
      };
      await probe(client, method, route, `:${name}=${short(v)}`, parts, v);
    }
  for (const s of seen.filter((x) => x.source !== 'params'))
    for (const f of fieldsOf(s.schema))
      for (const v of hostileValues(f.kind)) {
        const parts = {
          url,
          query: base.query,
          body: base.body,
          [s.source]: withValue(base[s.source], f.path, v),
        };
        await probe(client, method, route, `${s.source}.${f.path.join('.')}=${short(v)}`, parts, v);
      }
  if (!seen.some((s) => s.source !== 'params')) {
    const junk = { a: { b: { c: { d: { e: { f: '1' } } } } } };
    await probe(client, method, route, 'nested junk', { url, query: junk, body: junk });
  }
}

// The walk is cut into parts (routes taken in turn) so that each part has its own time limit
// and a slow machine fails none of them by the sum; a part's failures name their routes.
const PARTS = 6;

function routesOfPart(part: number) {
  return registeredRoutes(t.app)
    .filter((r) => r.includes(' /api'))
    .sort((a, b) => Number(/logout/.test(a)) - Number(/logout/.test(b)))
    .filter((_, i, all) => {
      // Logging out ends the session the other routes need: the last part walks it, last.
      if (/logout/.test(all[i] as string)) return part === PARTS - 1;
      return i % PARTS === part;
    });
}

describe('hostile inputs on every route', () => {
  for (let part = 0; part < PARTS; part++) {
    it(`part ${part + 1}/${PARTS}: a clear 4xx, never a 5xx, and nothing written when refused`, async () => {
      const routes = routesOfPart(part);
      const before = requests;
      failures.length = 0;
      for (const r of routes) {
        const [method, route] = r.split(' ') as [string, string];
        await walk(method, route);
      }
      console.log(
        `hostile walk part ${part + 1}: ${routes.length} routes, ${schemas.seen} schemas so far (${schemas.based} with a valid base), ${requests - before} requests`,
      );
      expect(routes.length).toBeGreaterThan(0);
      expect(failures).toEqual([]);
    }, 600_000);
  }
});
