// `npm run bench:checkout`: the oversell run (200 buyers racing for 50 units, repeated) and
// the time to place a 300-line order, on PostgreSQL and PGlite, over real HTTP. Prints JSON.
import crypto from 'node:crypto';
import os from 'node:os';
import { summary } from './lib.js';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '@kc/server/dist/app.js';
import { createContext } from '@kc/server/dist/app/compose.js';
import { loadConfig } from '@kc/server/dist/platform/config.js';
import { seedAccounts } from '@kc/server/dist/seed/accounts.js';
import { createCategory, createGoodsBulk, createWarehouse } from '@kc/server/dist/modules/catalog/service.js';
import { cloneBuyers, fillCarts, type Buyer } from '@kc/server/dist/modules/order/fixtures.js';
import { openEngine } from './engine.js';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const STOCK = Number(process.env.BENCH_STOCK ?? 50);
const ROUNDS: Record<string, number> = {
  postgres: Number(process.env.BENCH_ROUNDS_PG ?? 100),
  pglite: Number(process.env.BENCH_ROUNDS_PGLITE ?? 10),
};
const BIG_LINES = Number(process.env.BENCH_ORDER_LINES ?? 300);
const BIG_ORDERS = Number(process.env.BENCH_BIG_ORDERS ?? 40);

async function placeOverHttp(url: string, b: Buyer): Promise<{ ms: number; code: number; msg: string }> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/order`, {
    method: 'POST',
    headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      address_id: b.addressId,
      coupon_id: 0,
      voucher_id: 0,
      idempotency_key: crypto.randomUUID(),
    }),
  });
  const j = (await res.json()) as { code: number; msg: string };
  return { ms: performance.now() - t0, code: j.code, msg: j.msg };
}

async function run(engine: 'postgres' | 'pglite') {
  const { database, drop } = await openEngine(engine, 'checkout');
  const db = database.db;
  try {
    await seedAccounts(db);
    const categoryId = await createCategory(db, { name: '西药', code: 'xy' });
    const ckId = await createWarehouse(db, { name: '杭州仓' });
    const lots = (n: number) => [
      { batchNo: 'A', producedOn: '2025-01-01', expiresOn: '2027-06-01', quantity: n },
      { batchNo: 'B', producedOn: '2025-06-01', expiresOn: '2028-06-01', quantity: n },
    ];
    const base = {
      sccj: '华润三九医药股份有限公司',
      scopeClass: '化学药制剂',
      categoryId,
      ckId,
      basePrice: 3000,
    };
    const [scarce] = await createGoodsBulk(db, [
      { ...base, name: '头孢克肟分散片', ypgg: '0.1g*6片', price: 2000, lots: lots(STOCK) },
    ]);
    const many = await createGoodsBulk(
      db,
      Array.from({ length: BIG_LINES }, (_, i) => ({
        ...base,
        name: `基准药品${i}`,
        ypgg: `${i}mg`,
        price: 1000 + i,
        lots: lots(1_000_000),
      })),
    );
    const buyers = await cloneBuyers(db, BUYERS, 'bench');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const ctx = createContext(config, database, () => new Date());
    const app = await buildApp(ctx, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const oversell = {
        rounds: ROUNDS[engine] ?? 10,
        exact: 0,
        oversold: 0,
        negative_stock: 0,
        losers_told_short: 0,
        losers: 0,
      };
      const placeMs: number[] = [];
      const roundMs: number[] = [];
      for (let r = 0; r < oversell.rounds; r += 1) {
        // Half of each lot: the race also crosses from the earlier lot to the later one.
        await db.execute(sql`update goods_lots set quantity = ${STOCK / 2} where goods_id = ${scarce!}`);
        await db.execute(sql`update goods set stock = ${STOCK} where id = ${scarce!}`);
        await fillCarts(db, buyers, scarce!, 1);
        const t0 = performance.now();
        const replies = await Promise.all(buyers.map((b) => placeOverHttp(url, b)));
        roundMs.push(performance.now() - t0);
        placeMs.push(...replies.map((x) => x.ms));
        const won = replies.filter((x) => x.code === 10000).length;
        const lost = replies.filter((x) => x.code !== 10000);
        const res =
          await db.execute(sql`select stock, (select min(quantity) from goods_lots where goods_id = ${scarce!}) as low
          from goods where id = ${scarce!}`);
        const [s] = (res as unknown as { rows: { stock: number; low: number }[] }).rows;
        if (won === STOCK && s?.stock === 0) oversell.exact += 1;
        if (won > STOCK) oversell.oversold += 1;
        if ((s?.stock ?? 0) < 0 || (s?.low ?? 0) < 0) oversell.negative_stock += 1;
        oversell.losers += lost.length;
        oversell.losers_told_short += lost.filter((x) => x.msg.startsWith('库存不足')).length;
      }
      const big: number[] = [];
      for (let i = 0; i < BIG_ORDERS; i += 1) {
        const b = buyers[i % buyers.length]!;
        await db.execute(sql`delete from cart_lines where member_id = ${b.memberId}`);
        await db.execute(sql`insert into cart_lines (member_id, kind, item_id, number, is_selected, shown_price)
          select ${b.memberId}, 0, g, 10, true, 1000 from unnest(${sql.param(many)}::int[]) as t(g)`);
        const r = await placeOverHttp(url, b);
        if (r.code !== 10000) throw new Error(`300-line order failed: ${r.msg}`);
        big.push(r.ms);
      }
      return {
        oversell: { ...oversell, place: summary(placeMs), round: summary(roundMs) },
        order_300_lines: summary(big),
      };
    } finally {
      await app.close();
      await ctx.bus.close();
    }
  } finally {
    await drop();
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const results: Record<string, unknown> = {};
for (const engine of engines) results[engine] = await run(engine);
console.log(
  JSON.stringify(
    {
      bench: 'checkout',
      machine: { cpus: os.cpus().length, node: process.version },
      settings: {
        buyers: BUYERS,
        stock: STOCK,
        rounds: ROUNDS,
        order_lines: BIG_LINES,
        big_orders: BIG_ORDERS,
      },
      aims: { postgres: { order_300_lines_p95_ms: 300, oversold: 0 } },
      ...results,
    },
    null,
    2,
  ),
);
