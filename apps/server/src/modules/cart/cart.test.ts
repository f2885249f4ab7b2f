import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { goods } from '../catalog/schema.js';
import { createActivity } from '../activity/service.js';
import { cartFixture, type CartFixture } from './fixtures.js';
import { cartLines } from './schema.js';

let t: TestApp;
let f: CartFixture;
let demo: Client;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db);
  f = await cartFixture(db);
  const day = 24 * 3600_000;
  await createActivity(db, {
    kind: 'manjian',
    name: '满500减20',
    rules: {
      tiers: [
        { amount: 50_000, reduce: 2_000 },
        { amount: 100_000, reduce: 5_000 },
      ],
    },
    startsAt: new Date(Date.now() - day),
    endsAt: new Date(Date.now() + 30 * day),
  });
  demo = await member('demo');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.database.db.delete(cartLines);
});

async function member(username: string) {
  const c = new Client(t.app);
  await c.login(username, 'demo123456');
  return c;
}
const add = (c: Client, lines: Record<string, unknown>[]) => c.post('/api/cart', { params: lines });
const list = async (c: Client = demo) => (await c.get('/api/cart/list')).body.data;

describe('POST /api/cart', () => {
  it('adds form-encoded lines and merges a second add into the same line', async () => {
    const first = await add(demo, [{ goods_id: f.ladder, price: '12.90', number: 30, ck_id: f.ckId }]);
    expect(first.body).toMatchObject({
      code: 10000,
      msg: '加入购物车成功',
      data: { action: 1, total: 1, price_changed: [] },
    });
    const again = await add(demo, [{ goods_id: f.ladder, price: '12.90', number: 20 }]);
    expect(again.body.data.lines[0]).toMatchObject({ goods_id: f.ladder, number: 50 });
    const cart = await list();
    expect(cart.data).toHaveLength(1);
    // 50 units reach the first tier: 12.51 in effect, 200 not reached.
    expect(cart.data[0]).toMatchObject({
      number: 50,
      price: '12.51',
      raw_price: '12.90',
      raw_price_manjian: '625.50',
    });
    expect(cart.data[0].ladder.map((d: { state: string }) => d.state)).toEqual(['applied', 'not_reached']);
  });

  it('says so when the list price changed since it was shown', async () => {
    const r = await add(demo, [{ goods_id: f.ladder, price: '11.00', number: 10 }]);
    expect(r.body.code).toBe(10000);
    expect(r.body.msg).toContain('价格已变动');
    expect(r.body.data.price_changed).toEqual([{ goods_id: f.ladder, old: '11.00', new: '12.90' }]);
  });

  it.each([
    [0, 422, '购买数量必须大于0'],
    [-10, 422, '购买数量必须大于0'],
    [1.5, 422, '购买数量必须是整数'],
    [15, 422, '购买数量必须是中包装10盒的整数倍'],
    [2010, 400, '库存不足，最多可购买2000盒'],
    ['abc', 422, '购买数量必须是数字'],
  ])('refuses quantity %s with %i', async (number, status, msg) => {
    const r = await add(demo, [{ goods_id: f.ladder, number }]);
    expect([r.status, r.body.msg]).toEqual([status, msg]);
    expect((await list()).data).toHaveLength(0);
  });

  it('refuses over the purchase limit, counting what the cart already holds', async () => {
    expect((await add(demo, [{ goods_id: f.limited, number: 15 }])).status).toBe(200);
    const r = await add(demo, [{ goods_id: f.limited, number: 10 }]);
    expect([r.status, r.body.msg]).toEqual([400, '该商品限购20盒']);
    expect((await list()).data[0].number).toBe(15);
  });

  it('refuses unknown, unavailable, empty and out-of-scope goods, adding nothing', async () => {
    const unknown = await add(demo, [
      { goods_id: 999_999, number: 1 },
      { goods_id: f.ladder, number: 10 },
    ]);
    expect([unknown.status, unknown.body.data.goods_ids]).toEqual([404, [999_999]]);
    expect((await add(demo, [{ goods_id: f.offSale, number: 1 }])).body.msg).toBe('商品已下架或暂不可购买');
    expect((await add(demo, [{ goods_id: f.empty, number: 1 }])).body.msg).toBe('商品暂时缺货');
    const scope = await add(demo, [{ goods_id: f.outOfScope, number: 1 }]);
    expect(scope.status).toBe(400);
    expect(scope.body.msg).toContain('生物制品');
    expect((await list()).data).toHaveLength(0);
  });

  it('refuses members awaiting review and visitors', async () => {
    const pending = await member('pending');
    expect((await add(pending, [{ goods_id: f.ladder, number: 10 }])).status).toBe(400);
    const visitor = new Client(t.app);
    await visitor.get('/api/health');
    expect((await add(visitor, [{ goods_id: f.ladder, number: 10 }])).body.code).toBe(10001);
    expect((await visitor.get('/api/cart/list')).status).toBe(401);
  });

  it('refuses an empty add and a wrong warehouse', async () => {
    expect((await demo.post('/api/cart', {})).body.msg).toBe('请选择要加入购物车的商品');
    expect((await add(demo, [{ goods_id: f.ladder, number: 10, ck_id: 999 }])).body.msg).toBe(
      '仓库与商品不符',
    );
  });

  it('quick-adds one middle pack, then another', async () => {
    expect((await demo.post(`/api/cart/quick_add/${f.ladder}`)).body.data.lines[0].number).toBe(10);
    expect((await demo.post(`/api/cart/quick_add/${f.ladder}`)).body.data.lines[0].number).toBe(20);
    expect((await demo.get('/api/cart/total')).body.data).toEqual({ total: 1 });
  });

  it('merges two concurrent adds of the same line without losing units', async () => {
    await Promise.all([
      add(demo, [{ goods_id: f.ladder, number: 10 }]),
      add(demo, [{ goods_id: f.ladder, number: 20 }]),
    ]);
    expect((await list()).data[0].number).toBe(30);
  });
});

describe('list, flash sale, tags and totals', () => {
  it('prices a flash-sale line with its hidden tag, outside full-spend', async () => {
    await add(demo, [{ goods_id: f.flash, number: 5, type: 1 }]);
    const cart = await list();
    expect(cart.data[0]).toMatchObject({ type: 1, price: '3.00', with_coupon: 0 });
    expect(cart.data[0].tags).toContainEqual({ name: '秒杀', describe: '限时秒杀', is_show: 0 });
    expect((await add(demo, [{ goods_id: f.flash, number: 1 }])).body.msg).toBe('该商品限购5盒');
  });

  it('shows full-spend tiers, shares, shipping and the next tier', async () => {
    await add(demo, [{ goods_id: f.ladder, number: 50 }]);
    const cart = await list();
    expect(cart.activity_data.manjians.manjians.map((m: { status: number }) => m.status)).toEqual([1, 0]);
    expect(cart.data[0].goods_manjian_amount).toBe('20.00');
    expect(cart.total).toMatchObject({
      goods_amount: '625.50',
      manjian_amount: '20.00',
      payable_amount: '605.50',
    });
    expect(cart.shipping_data).toEqual({
      shipping_amount: '15.00',
      no_trans_order_amount: '800.00',
      short_amount: '194.50',
    });
    const hint = await demo.post('/api/cart/next_hint');
    expect(hint.body.data).toMatchObject({ next: { amount: '1000.00', reduce: '50.00', missing: '374.50' } });
  });

  it('ships free with a single-item free-shipping line at its minimum', async () => {
    await add(demo, [{ goods_id: f.dpby, number: 20 }]);
    const cart = await list();
    expect(cart.shipping_data.shipping_amount).toBe('0.00');
    expect(cart.data[0].tags).toContainEqual({ name: '包邮', describe: '已满足包邮', is_show: 1 });
  });

  it('shows lines that became unavailable unselected with the reason', async () => {
    await add(demo, [{ goods_id: f.limited, number: 5 }]);
    await t.ctx.database.db.update(goods).set({ isBuy: false }).where(eq(goods.id, f.limited));
    const cart = await list();
    expect(cart.data[0]).toMatchObject({ is_selected: 0, unavailable: { reason: 'not_buyable' } });
    await t.ctx.database.db.update(goods).set({ isBuy: true }).where(eq(goods.id, f.limited));
  });

  it('filters by warehouse and caps the lines returned', async () => {
    await add(demo, [
      { goods_id: f.ladder, number: 10 },
      { goods_id: f.dpby, number: 1 },
    ]);
    expect((await demo.get('/api/cart/list?filters=1')).body.data.data).toHaveLength(1);
    const other = await demo.get('/api/cart/list?ck_id=999');
    expect([other.body.data.data.length, other.body.data.total.count]).toEqual([0, 2]);
    expect(other.body.data.filter_data.warehouses).toEqual([{ ck_id: f.ckId, name: '杭州仓', count: 2 }]);
  });
});
