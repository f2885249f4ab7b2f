import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { seedDemo } from '../seed/index.js';
import { Client, createTestApp, type TestApp } from '../test/helper.js';
import { goods } from '../modules/catalog/schema.js';
import { members } from '../modules/account/schema.js';
import { kxReleases } from '../modules/catalog/schema.js';
import { cartLines } from '../modules/cart/schema.js';

// The catalogue applies the compliance rules: 控销 goods only for buyers they are released
// to, and a member sees on each goods why they may not buy it.
let t: TestApp;
let demo: Client;
const ids = { kxReleased: 0, kxClosed: 0, bio: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedDemo(db, { goods: 600 });
  const released = db.select({ id: kxReleases.goodsId }).from(kxReleases);
  const [open] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(sql`${goods.zones} @> array['kx']::text[]`, sql`${goods.id} in (${released})`))
    .limit(1);
  const [demoRow] = await db
    .select({ region: members.region })
    .from(members)
    .where(eq(members.username, 'demo'));
  const [closed] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      sql`${goods.zones} @> array['kx']::text[] and not exists (
        select 1 from ${kxReleases} r where r.goods_id = "goods"."id"
          and (r.buyer_group = '' or r.buyer_group = '药店')
          and left(${demoRow!.region}, length(r.region)) = r.region)`,
    )
    .limit(1);
  const [bio] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        eq(goods.scopeClass, '生物制品'),
        eq(goods.onShelf, true),
        sql`not (${goods.zones} @> array['kx']::text[])`,
      ),
    )
    .limit(1);
  ids.kxReleased = open!.id;
  ids.kxClosed = closed!.id;
  ids.bio = bio!.id;
  demo = new Client(t.app, '10.9.0.1');
  expect((await demo.login('demo', 'demo123456')).body.code).toBe(10000);
}, 120_000);
afterAll(() => t.close());

const listIds = async (c: Client, url: string) =>
  ((await c.get(url)).body.data.list as { id: number }[]).map((g) => g.id);

describe('控销 goods in the catalogue', () => {
  it('are hidden from visitors in the list and the detail', async () => {
    const visitorIds = await listIds(new Client(t.app), '/api/goods/list?zone=kx&page_size=100');
    expect(visitorIds).toEqual([]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/goods/detail/${ids.kxReleased}` });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().msg).toBe('商品不存在或已下架');
  });

  it('show to a member only where released to them', async () => {
    const mine = await listIds(demo, '/api/goods/list?zone=kx&page_size=100');
    expect(mine).toContain(ids.kxReleased);
    expect(mine).not.toContain(ids.kxClosed);
    expect((await demo.get(`/api/goods/detail/${ids.kxReleased}`)).body.code).toBe(10000);
    expect((await demo.get(`/api/goods/detail/${ids.kxClosed}`)).status).toBe(404);
  });
});

describe('why a member cannot buy', () => {
  it('the detail of goods outside the business scope carries the reason and what unlocks it', async () => {
    const res = await demo.get(`/api/goods/detail/${ids.bio}`);
    expect(res.body.data.buy_block).toMatchObject({ rule: 'scope', link: '/zzzj' });
    expect(res.body.data.buy_block.reason).toContain('生物制品');
    expect(res.body.data.buy_block.unlock).not.toBe('');
    // is_buy is this member's: a blocked goods is not buyable in name only.
    expect(res.body.data.is_buy).toBe(0);
  });

  it('list items carry the same reason; buyable goods carry none; visitors get none', async () => {
    const res = await demo.get('/api/goods/list?page_size=100&sort=sales');
    const items = res.body.data.list as {
      is_buy: number;
      scope_class?: string;
      buy_block: { rule: string } | null;
    }[];
    expect(items.some((g) => g.buy_block === null)).toBe(true);
    expect(items.filter((g) => g.buy_block !== null).every((g) => g.is_buy === 0)).toBe(true);
    expect(items.some((g) => g.buy_block === null && g.is_buy === 1)).toBe(true);
    const blocked = items.filter((g) => g.buy_block !== null).map((g) => g.buy_block!.rule);
    expect(blocked.every((r) => ['scope', 'kx_not_released', 'hm_letter', 'hm_limit'].includes(r))).toBe(
      true,
    );
    const visitor = await t.app.inject({ method: 'GET', url: '/api/goods/list?page_size=5' });
    expect(visitor.json().data.list.every((g: { buy_block?: unknown }) => g.buy_block == null)).toBe(true);
  });
});

describe('the header cart badge', () => {
  it('counts the member’s cart lines in /api/user/base', async () => {
    expect((await demo.get('/api/user/base')).body.data.cart).toBe(0);
    const list = await demo.get('/api/goods/list?in_stock=1&page_size=50');
    const buyable = (
      list.body.data.list as {
        id: number;
        zbz: number;
        price: string;
        ck_id: number;
        buy_block: unknown;
        qg_number: number;
      }[]
    )
      .filter((g) => g.buy_block === null && g.qg_number === 0)
      .slice(0, 2);
    const add = await demo.post('/api/cart', {
      params: buyable.map((g) => ({ goods_id: g.id, price: g.price, number: g.zbz, ck_id: g.ck_id })),
    });
    expect(add.body.code).toBe(10000);
    expect((await demo.get('/api/user/base')).body.data.cart).toBe(2);
  });
});

describe('the e-contract gate', () => {
  it('answers checkout with 459 until the member signs the e-contract, then lets it go on', async () => {
    const db = t.ctx.database.db;
    await db.update(members).set({ contractSignedAt: null }).where(eq(members.username, 'demo'));
    const refused = await demo.post('/api/cart/checkout', {});
    expect(refused.body).toMatchObject({ code: 459, msg: '请先签署电子合同' });
    expect((await demo.post('/api/user/contract/sign', { agree: 1 })).body.code).toBe(10000);
    const after = await demo.post('/api/cart/checkout', {});
    expect(after.body.code).not.toBe(459);
  });
});

describe('控销 goods in the cart', () => {
  it('a line whose release is withdrawn after it was added shows why, and its quantity cannot change', async () => {
    const db = t.ctx.database.db;
    const me = await db.select({ id: members.id }).from(members).where(eq(members.username, 'demo'));
    await db.delete(cartLines).where(eq(cartLines.memberId, me[0]!.id));
    const kx = (await demo.get('/api/goods/list?zone=kx&in_stock=1&page_size=100')).body.data.list as {
      id: number;
      zbz: number;
      qg_number: number;
      buy_block: unknown;
    }[];
    const g = kx.find((x) => x.buy_block === null && x.qg_number === 0)!;
    expect(g).toBeDefined();
    const add = await demo.post('/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] });
    expect(add.body.code).toBe(10000);
    type Line = { id: number; goods: { id: number }; block: { rule: string; reason: string } | null };
    const lineOf = async () =>
      ((await demo.get('/api/cart/list')).body.data.data as Line[]).find((l) => l.goods.id === g.id)!;
    const line = await lineOf();
    expect(line.block).toBeNull();

    const withdrawn = await db.delete(kxReleases).where(eq(kxReleases.goodsId, g.id)).returning();
    try {
      const blocked = await lineOf();
      expect(blocked.block?.rule).toBe('kx_not_released');
      const edit = await demo.post(`/api/cart/${line.id}/edit`, { params: { number: g.zbz * 2 } });
      expect(edit.body).toMatchObject({ code: 400, msg: blocked.block!.reason });
    } finally {
      await db.insert(kxReleases).values(withdrawn);
    }
  });
});
