// The soak's world on the cluster's own database: goods with stock for an hour of orders, and
// buyers (clones of the approved demo member, with sessions, a balance and a 20-line cart).
// Every run makes its own buyers (`soak<run>_N`); the goods are made once per database.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Pool } from 'undici';
import { openPostgres, rowsOf, type Database } from '@kc/server/dist/platform/db.js';
import { createGoodsBulk } from '@kc/server/dist/modules/catalog/service.js';
import { cloneBuyers } from '@kc/server/dist/modules/order/fixtures.js';
import { recharge } from '@kc/server/dist/modules/wallet/service.js';
import { mulberry32 } from '@kc/server/dist/seed/catalog-prng.js';
import { headersOf, type SoakBuyer } from './soak-kinds.js';
import { categoriesFrom } from './search-queries.js';

/** Goods names of the soak: found again by this prefix on the next run. */
export const SOAK_GOODS_PREFIX = '耐力测试药品';
const CART_GOODS = 40;
const JOURNEY_GOODS = 80;
const STOCK_PER_GOODS = 5_000_000;
const CART_LINES = 20;
/** Each buyer's balance: ample for an hour of orders (fen). */
const BALANCE_FEN = 100_000_00;

export interface SoakWorld {
  tag: string;
  buyers: SoakBuyer[];
  /** Catalogue goods ids for details (best sellers first). */
  catalogue: number[];
  /** Goods a checkout journey buys (never in a standing cart). */
  journeyGoods: number[];
  searches: { keywords: string; type: 0 | 1 }[];
  suggestions: { keywords: string; type: 0 | 1 }[];
  database: Database;
}

/** The soak goods, made on the first run: 40 for the standing carts, 80 for the orders. */
async function soakGoods(database: Database): Promise<number[]> {
  const db = database.db;
  const have = rowsOf<{ id: number }>(
    await db.execute(sql`select id from goods where name like ${`${SOAK_GOODS_PREFIX}%`} order by id`),
  ).map((r) => r.id);
  const want = CART_GOODS + JOURNEY_GOODS;
  if (have.length >= want) return have.slice(0, want);
  const [place] = rowsOf<{ category_id: number; ck_id: number }>(
    await db.execute(sql`
      select category_id, ck_id from goods where scope_class = '化学药制剂' and on_shelf
      group by category_id, ck_id order by count(*) desc limit 1`),
  );
  if (!place) throw new Error('the cluster database has no catalogue (was it seeded? SEED=on)');
  const year = new Date().getUTCFullYear();
  const made = await createGoodsBulk(
    db,
    Array.from({ length: want - have.length }, (_, k) => {
      const i = have.length + k;
      return {
        name: `${SOAK_GOODS_PREFIX}${String(i + 1).padStart(3, '0')}`,
        ypgg: `${(i % 9) + 1}0mg*24片`,
        sccj: '华润三九医药股份有限公司',
        scopeClass: '化学药制剂',
        categoryId: place.category_id,
        ckId: place.ck_id,
        basePrice: 3000 + i * 10,
        price: 1500 + i * 10,
        lots: [
          {
            batchNo: `SOAK${i}`,
            producedOn: `${year - 1}-01-01`,
            expiresOn: `${year + 3}-01-01`,
            quantity: STOCK_PER_GOODS,
          },
        ],
      };
    }),
  );
  return [...have, ...made];
}

/** Builds the world: `buyers` new buyers of this run, each with a 20-line standing cart. */
export async function buildSoakWorld(
  baseUrl: string,
  databaseUrl: string,
  buyerCount: number,
): Promise<SoakWorld> {
  const database = await openPostgres(databaseUrl, { max: 4 });
  const db = database.db;
  const tag = `soak${Date.now().toString(36)}`;
  const goodsIds = await soakGoods(database);
  const cartGoods = goodsIds.slice(0, CART_GOODS);
  const journeyGoods = goodsIds.slice(CART_GOODS);
  const clones = await cloneBuyers(db, buyerCount, tag);
  const now = new Date();
  for (const b of clones) await recharge(db, b.memberId, BALANCE_FEN, '耐力测试充值', now);

  const http = new Pool(baseUrl, { connections: 8 });
  const random = mulberry32(buyerCount);
  const buyers: SoakBuyer[] = [];
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < clones.length) {
          const b = clones[next]!;
          const n = next++;
          const buyer = {
            ...b,
            lineIds: [] as number[],
            ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) + 1}`,
            xsrf: crypto.randomBytes(16).toString('hex'),
          };
          const picked = [...cartGoods].sort(() => random() - 0.5).slice(0, CART_LINES);
          const res = await http.request({
            path: '/api/cart',
            method: 'POST',
            headers: { ...headersOf(buyer), 'content-type': 'application/json' },
            body: JSON.stringify({ params: picked.map((goods_id) => ({ goods_id, number: 1 })) }),
          });
          const reply = (await res.body.json()) as {
            code: number;
            msg: string;
            data: { lines: { id: number; goods_id: number }[] };
          };
          if (reply.code !== 10000) throw new Error(`filling a soak cart: ${reply.msg}`);
          buyer.lineIds = reply.data.lines.filter((l) => picked.includes(l.goods_id)).map((l) => l.id);
          buyers.push(buyer);
        }
      }),
    );
  } finally {
    await http.close();
  }
  buyers.sort((a, b) => a.memberId - b.memberId);
  // The clones, their sessions, carts and money logs were just written in bulk: statistics
  // taken now, so autovacuum's analyze of those tables does not land in the first minutes of
  // the load (it made the first 30 s of each short run 3–8× slower at the p99).
  await db.execute(sql`analyze`);

  // Details of what a buyer finds: the best sellers as the goods list shows them to a member.
  const catalogue: number[] = [];
  for (let page = 1; page <= 10; page++) {
    const res = await fetch(`${baseUrl}/api/goods/list?sort=sales&page_size=100&page=${page}`, {
      headers: headersOf(buyers[0]!),
    });
    const body = (await res.json()) as { data: { list: { id: number; name: string }[] } };
    catalogue.push(...body.data.list.filter((g) => !g.name.startsWith(SOAK_GOODS_PREFIX)).map((g) => g.id));
  }
  const categories = await categoriesFrom(baseUrl);
  const searches = categories.flatMap((c) => c.queries);
  // What the search box asks while a buyer types: 1–3 initials, one or two characters.
  const suggestions = [
    ...new Map(
      categories
        .filter((c) => /^pinyin_[123]$|^chinese_2$/.test(c.name))
        .flatMap((c) => c.queries)
        .flatMap((q) => [q, { ...q, keywords: q.keywords.slice(0, 1) }])
        .map((q) => [`${q.type}:${q.keywords}`, q] as const),
    ).values(),
  ];
  return { tag, buyers, catalogue, journeyGoods, searches, suggestions, database };
}
