// `npm run bench:quick`: a buyer's 1,000-row purchase list matched through
// POST /api/quick_buy/match over real HTTP (issue 14 §1, decision 054; aim ≤ 2 s). A fresh
// embedded database (or PostgreSQL with BENCH_ENGINE=postgres) is seeded with the demo data and
// a catalogue of BENCH_QUICK_GOODS goods; the list is drawn from it the way ERP exports differ
// from the catalogue: approval numbers, names with abbreviated makers and "×" in the spec, names
// alone, and names the catalogue does not have. It is matched three times (the median counts),
// added to the cart with the buyer's codes, then matched again (everything by code). Prints JSON.
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { QuickMatchReply } from '@kc/domain';
import { buildApp } from '@kc/server/dist/app.js';
import { createContext } from '@kc/server/dist/app/compose.js';
import { loadConfig } from '@kc/server/dist/platform/config.js';
import { rowsOf } from '@kc/server/dist/platform/db.js';
import { seedDemo } from '@kc/server/dist/seed/index.js';
import { openEngine } from './engine.js';

const GOODS = Number(process.env.BENCH_QUICK_GOODS ?? 20_000);
const ROWS = Number(process.env.BENCH_QUICK_ROWS ?? 1000);
const ENGINE = (process.env.BENCH_ENGINE ?? 'pglite') as 'postgres' | 'pglite';
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

interface Reply<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

class Buyer {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async call<T>(method: string, url: string, body?: URLSearchParams): Promise<Reply<T>> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const res = await fetch(this.base + url, { method, headers, body });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      if (i > 0) this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return (await res.json()) as Reply<T>;
  }
}

/** A deterministic pseudo-random sequence (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function run() {
  const { database, drop } = await openEngine(ENGINE, 'quick');
  try {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const ctx = createContext(config, database, () => new Date());
    const db = database.db;
    const seedStarted = performance.now();
    await seedDemo(db, { goods: GOODS });
    const seedMs = performance.now() - seedStarted;
    const catalogue = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from goods`))[0]!
      .n;
    // The list: goods the demo buyer may see and buy, one row each.
    const pool = rowsOf<{ name: string; ypgg: string; sccj: string; approval_no: string; zbz: number }>(
      await db.execute(sql`select name, ypgg, sccj, approval_no, zbz from goods
        where on_shelf and is_buy and stock > 0 and not (zones && array['kx']::text[]) order by id`),
    );
    const next = rng(14);
    const picked = new Set<number>();
    while (picked.size < Math.min(ROWS, pool.length)) picked.add(Math.floor(next() * pool.length));
    const kinds = { approval_no: 0, name_spec_maker: 0, name_only: 0, unknown: 0 };
    const lines = [...picked].map((at, i) => {
      const g = pool[at]!;
      const code = `ERP${String(i + 1).padStart(5, '0')}`;
      const wanted = String(1 + Math.floor(next() * 30));
      const r = next();
      if (r < 0.5) {
        kinds.approval_no++;
        return [code, g.name, g.ypgg, g.sccj, wanted, g.approval_no];
      }
      if (r < 0.8) {
        kinds.name_spec_maker++;
        return [code, g.name, g.ypgg.replace('*', '×'), g.sccj.replace(/(股份)?有限公司$/, ''), wanted, ''];
      }
      if (r < 0.9) {
        kinds.name_only++;
        return [code, g.name, '', '', wanted, ''];
      }
      kinds.unknown++;
      return [code, `${g.name}（进口）`, g.ypgg, '某某制药厂', wanted, ''];
    });
    const text = [['商品编码', '商品名称', '规格', '生产厂家', '数量', '批准文号'], ...lines]
      .map((l) => l.join('\t'))
      .join('\n');

    const app = await buildApp(ctx, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const buyer = new Buyer(base);
    await buyer.call('GET', '/api/health');
    const login = await buyer.call(
      'POST',
      '/api/login',
      new URLSearchParams({ username: 'demo', password: 'demo123456' }),
    );
    if (login.code !== 10000) throw new Error(`login: ${login.msg}`);
    try {
      const match = async () => {
        const started = performance.now();
        const r = await buyer.call<QuickMatchReply>(
          'POST',
          '/api/quick_buy/match',
          new URLSearchParams({ text }),
        );
        const ms = performance.now() - started;
        if (r.code !== 10000) throw new Error(`match: ${r.msg}`);
        return { ms, reply: r.data };
      };
      const runs = [await match(), await match(), await match()];
      const times = runs.map((r) => r.ms).sort((a, b) => a - b);
      const first = runs[0]!.reply;
      const by = (reply: QuickMatchReply) =>
        reply.rows.reduce<Record<string, number>>((acc, row) => {
          const k = row.matched_by ?? 'none';
          acc[`${row.status}:${k}`] = (acc[`${row.status}:${k}`] ?? 0) + 1;
          return acc;
        }, {});
      // The buyer takes the matches and the first candidate of each ambiguous row (the cart takes 500 lines a call).
      const chosen = first.rows.flatMap((row) => {
        const g = row.goods ?? (row.status === 'ambiguous' ? row.candidates[0] : undefined);
        return g ? [{ goods_id: g.id, number: row.quantity || Math.max(1, g.zbz), code: row.code }] : [];
      });
      let addMs = 0;
      for (let i = 0; i < chosen.length; i += 500) {
        const body = new URLSearchParams();
        chosen.slice(i, i + 500).forEach((c, j) => {
          body.append(`params[${j}][goods_id]`, String(c.goods_id));
          body.append(`params[${j}][number]`, String(c.number));
          body.append(`params[${j}][code]`, c.code);
        });
        const started = performance.now();
        const r = await buyer.call('POST', '/api/quick_buy/cart', body);
        addMs += performance.now() - started;
        if (r.code !== 10000) throw new Error(`cart: ${r.msg}`);
        // The cart holds 500 lines: empty it between the halves of the list.
        await db.execute(sql`delete from cart_lines`);
      }
      const again = await match();
      console.log(
        JSON.stringify(
          {
            bench: 'quick-purchase',
            machine: { cpus: os.cpus().length, node: process.version },
            settings: { engine: ENGINE, catalogue_goods: catalogue, rows: lines.length, list: kinds },
            seed_s: round(seedMs / 1000),
            match_ms: { runs: runs.map((r) => round(r.ms)), median: round(times[1]!), aim: 2000 },
            first_match: { summary: first.summary, by: by(first) },
            cart_add_ms: round(addMs),
            codes_remembered: chosen.length,
            second_match: { ms: round(again.ms), summary: again.reply.summary, by: by(again.reply) },
          },
          null,
          2,
        ),
      );
    } finally {
      await app.close();
      await ctx.bus.close();
    }
  } finally {
    await drop();
  }
}

await run();
