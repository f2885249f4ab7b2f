// Builds the cart benchmark's world: a database (PostgreSQL or PGlite), the app listening on a
// free port, 300 goods, running promotions and 50 approved members each holding a 300-line cart.
import type { AddressInfo } from 'node:net';
import { buildApp } from '@kc/server/dist/app.js';
import { createContext } from '@kc/server/dist/app/compose.js';
import { loadConfig } from '@kc/server/dist/platform/config.js';
import type { Database } from '@kc/server/dist/platform/db.js';
import { openEngine } from './engine.js';
import { seedAccounts } from '@kc/server/dist/seed/accounts.js';
import { createActivity } from '@kc/server/dist/modules/activity/service.js';
import { createCategory, createGoodsBulk, createWarehouse } from '@kc/server/dist/modules/catalog/service.js';
import { sql } from 'drizzle-orm';
import { HttpMember } from './cart-client.js';

export interface World {
  url: string;
  database: Database;
  members: HttpMember[];
  /** Each member's line ids, in the order of `members`. */
  lineIds: number[][];
  close(): Promise<void>;
}

const DAY = 24 * 3600_000;

/** Copies the approved demo member (row and documents) `n` times: stores that may buy. */
async function cloneDemo(database: Database, n: number): Promise<string[]> {
  const names = Array.from({ length: n }, (_, i) => `bench${i}`);
  await database.db.execute(sql`create temp table bench_m as select * from members where username = 'demo'`);
  await database.db.execute(sql`
    create temp table bench_d as
    select d.* from qualification_documents d join members m on m.id = d.member_id where m.username = 'demo'`);
  for (const name of names) {
    await database.db.execute(sql`
      update bench_m set id = nextval(pg_get_serial_sequence('members', 'id')), username = ${name}`);
    await database.db.execute(sql`insert into members select * from bench_m`);
    await database.db.execute(sql`
      update bench_d set id = nextval(pg_get_serial_sequence('qualification_documents', 'id')),
        member_id = (select id from bench_m)`);
    await database.db.execute(sql`insert into qualification_documents select * from bench_d`);
  }
  return names;
}

export async function buildWorld(
  engine: 'postgres' | 'pglite',
  carts: number,
  lines: number,
): Promise<World> {
  const { database, drop } = await openEngine(engine, 'cart');
  const db = database.db;
  await seedAccounts(db);
  const categoryId = await createCategory(db, { name: '西药', code: 'xy' });
  const ckId = await createWarehouse(db, { name: '杭州仓' });
  const goodsIds = await createGoodsBulk(
    db,
    Array.from({ length: lines }, (_, i) => ({
      name: `基准商品${i}`,
      ypgg: `规格${i}`,
      sccj: '华润三九医药股份有限公司',
      scopeClass: '化学药制剂',
      categoryId,
      ckId,
      basePrice: 2000 + i,
      price: 1000 + i,
      ladderPrice: i % 3 === 0 ? [{ number: 10, price: 900 + i }] : [],
      lots: [{ batchNo: 'B1', producedOn: '2025-01-01', expiresOn: '2028-01-01', quantity: 100_000 }],
    })),
  );
  const window = { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + 30 * DAY) };
  const tiers = [
    { amount: 50_000, reduce: 2_000 },
    { amount: 100_000, reduce: 5_000 },
  ];
  await createActivity(db, { kind: 'manjian', name: '满减', rules: { tiers }, ...window });
  await createActivity(db, {
    kind: 'discount',
    name: '全场94折',
    rules: { ratePerMille: 940, excludedGoodsIds: [] },
    ...window,
  });
  const names = await cloneDemo(database, carts);

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const ctx = createContext(config, database, () => new Date());
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const members: HttpMember[] = [];
  const lineIds: number[][] = [];
  for (const name of names) {
    const m = new HttpMember(url);
    await m.login(name, 'demo123456');
    const added = await m.post('/api/cart', {
      params: goodsIds.map((goods_id) => ({ goods_id, number: 1 })),
    });
    if (added.code !== 10000) throw new Error(`add failed: ${added.msg}`);
    lineIds.push((added.data as { lines: { id: number }[] }).lines.map((l) => l.id));
    members.push(m);
  }
  return {
    url,
    database,
    members,
    lineIds,
    close: async () => {
      await app.close();
      await ctx.bus.close();
      await drop();
    },
  };
}
