import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { createActivity, createCombination } from '../activity/service.js';
import { members } from '../account/schema.js';
import { goods } from '../catalog/schema.js';
import { cartFixture, type CartFixture } from './fixtures.js';
import { cartLines } from './schema.js';

let t: TestApp;
let f: CartFixture;
let demo: Client;
let store2: Client;
let pending: Client;
let combo = 0;
const ids: Record<string, number> = {};

const day = 24 * 3600_000;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db);
  f = await cartFixture(db);
  const window = { startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + 30 * day) };
  await createActivity(db, {
    kind: 'discount',
    name: '全场94折',
    rules: { ratePerMille: 940, excludedGoodsIds: [] },
    ...window,
  });
  await createActivity(db, {
    kind: 'gift',
    name: '买10赠1',
    goodsIds: [f.ladder],
    rules: { buy: 10, give: 1, type: 1, name: '同品' },
    ...window,
  });
  combo = await createCombination(db, {
    name: '感冒组合',
    price: 3000,
    items: [
      { goodsId: f.ladder, number: 1 },
      { goodsId: f.limited, number: 1 },
    ],
    ...window,
  });
  for (const m of await db.select({ id: members.id, username: members.username }).from(members))
    ids[m.username] = m.id;
  demo = await login('demo');
  store2 = await login('demo_bj');
  pending = await login('pending');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.database.db.delete(cartLines);
  await t.ctx.database.db.update(goods).set({ price: 1290 }).where(eq(goods.id, f.ladder));
});

async function login(username: string) {
  const c = new Client(t.app);
  await c.login(username, 'demo123456');
  return c;
}
async function addLadder(number = 10) {
  const r = await demo.post('/api/cart', { params: [{ goods_id: f.ladder, number, price: '12.90' }] });
  return r.body.data.lines[0].id as number;
}

describe('POST api/cart/{id}/edit', () => {
  it('changes the quantity across a ladder tier; 94折 and the gift follow', async () => {
    const id = await addLadder(10);
    const r = await demo.post(`/api/cart/${id}/edit`, { params: { number: 200 } });
    expect(r.body.code).toBe(10000);
    expect(r.body.data.action).toBe(1);
    const line = r.body.data.line;
    // 12.12 tier × 0.94 = 11.3928 → 11.39.
    expect(line).toMatchObject({
      number: 200,
      price: '11.39',
      raw_price: '12.90',
      gift_data: { total: 20, type: 1 },
    });
    expect(line.ladder.map((d: { state: string }) => d.state)).toEqual(['superseded', 'applied']);
    const cart = (await demo.get('/api/cart/list')).body.data;
    expect(cart.activity_data.discount).toEqual({ rate_per_mille: 940, name: '全场94折' });
    expect(cart.total).toMatchObject({ goods_amount: '2278.00', count: 1 });
  });

  it.each([
    [0, 422, '购买数量必须大于0'],
    [-10, 422, '购买数量必须大于0'],
    [2.5, 422, '购买数量必须是整数'],
    [25, 422, '购买数量必须是中包装10盒的整数倍'],
    [3000, 400, '库存不足，最多可购买2000盒'],
  ])('refuses %s', async (number, status, msg) => {
    const id = await addLadder(10);
    const r = await demo.post(`/api/cart/${id}/edit`, { params: { number } });
    expect([r.status, r.body.msg]).toEqual([status, msg]);
    expect((await demo.get('/api/cart/list')).body.data.data[0].number).toBe(10);
  });

  it('refuses over the purchase limit', async () => {
    const r = await demo.post('/api/cart', { params: [{ goods_id: f.limited, number: 5 }] });
    const id = r.body.data.lines[0].id;
    expect((await demo.post(`/api/cart/${id}/edit`, { number: 21 })).body.msg).toBe('该商品限购20盒');
  });

  it('never edits, selects, deletes or checks out another member’s line', async () => {
    const id = await addLadder(10);
    expect((await store2.post(`/api/cart/${id}/edit`, { params: { number: 20 } })).status).toBe(404);
    expect((await store2.post('/api/cart/batch_select', { ids: [id], is_selected: 0 })).status).toBe(404);
    expect((await store2.post('/api/cart/batch_delete', { ids: [id] })).status).toBe(404);
    expect((await store2.post('/api/cart/checkout', { ids: [id] })).status).toBe(404);
    expect((await store2.get('/api/cart/list')).body.data.data).toEqual([]);
    expect((await demo.get('/api/cart/list')).body.data.data[0]).toMatchObject({
      number: 10,
      is_selected: 1,
    });
  });
});

describe('select, delete, total', () => {
  it('selects and unselects in bulk; delete is all-or-nothing', async () => {
    const a = await addLadder(10);
    const b = (await demo.post('/api/cart', { params: [{ goods_id: f.dpby, number: 1 }] })).body.data.lines[0]
      .id;
    const off = await demo.post('/api/cart/batch_select', { ids: [a, b], is_selected: 0 });
    expect(off.body.data.total).toMatchObject({
      selected_count: 0,
      goods_amount: '0.00',
      shipping_amount: '0.00',
    });
    expect((await demo.post('/api/cart/batch_select', { ids: [a], is_selected: 2 })).status).toBe(422);
    expect((await demo.post('/api/cart/batch_delete', { ids: [a, 999_999] })).status).toBe(404);
    expect((await demo.get('/api/cart/total')).body.data.total).toBe(2);
    const del = await demo.post('/api/cart/batch_delete', { ids: `${a}` });
    expect([del.body.msg, del.body.data.total.count]).toEqual(['删除成功', 1]);
    expect((await demo.post('/api/cart/batch_delete', {})).status).toBe(422);
  });
});

describe('combination lines (type 3)', () => {
  it('adds a combination as the goods of its line at its set price', async () => {
    const r = await demo.post('/api/cart', { params: [{ goods_id: combo, number: 2, type: 3 }] });
    expect(r.body.data.lines[0]).toMatchObject({ type: 3, number: 2 });
    const line = (await demo.get('/api/cart/list')).body.data.data[0];
    expect(line).toMatchObject({
      type: 3,
      combination: 1,
      price: '30.00',
      raw_price: '37.90',
      with_coupon: 0,
    });
    expect(line.goods).toMatchObject({ id: combo, name: '感冒组合' });
  });
});

describe('POST /api/cart/checkout', () => {
  it('returns the order preview of the selection', async () => {
    await addLadder(100);
    const r = await demo.post('/api/cart/checkout');
    expect(r.body.data).toMatchObject({
      can_checkout: true,
      count: 1,
      goods_amount: '1175.00',
      shipping_amount: '0.00',
    });
  });

  it('refuses a changed price once, then goes on', async () => {
    const id = await addLadder(10);
    await t.ctx.database.db.update(goods).set({ price: 1390 }).where(eq(goods.id, f.ladder));
    const list = (await demo.get('/api/cart/list')).body.data;
    expect(list.price_changed).toEqual([{ id, goods_id: f.ladder, old: '12.90', new: '13.90' }]);
    const refused = await demo.post('/api/cart/checkout', { ids: [id] });
    expect(refused.status).toBe(400);
    expect(refused.body.data.problems[0]).toMatchObject({ reason: 'price_changed' });
    expect((await demo.post('/api/cart/checkout', { ids: [id] })).body.data.can_checkout).toBe(true);
  });

  it('refuses lines that became unavailable and an empty selection', async () => {
    const id = await addLadder(10);
    await demo.post('/api/cart/batch_select', { ids: [id], is_selected: 0 });
    expect((await demo.post('/api/cart/checkout')).body.msg).toBe('请选择要结算的商品');
    await t.ctx.database.db.update(goods).set({ stock: 5 }).where(eq(goods.id, f.ladder));
    const r = await demo.post('/api/cart/checkout', { ids: [id] });
    expect([r.status, r.body.data.problems[0].reason]).toEqual([400, 'quantity']);
    await t.ctx.database.db.update(goods).set({ stock: 2000 }).where(eq(goods.id, f.ladder));
  });

  it('refuses lines that became blocked (qualifications not approved) with the reason', async () => {
    // A line stored before the member's review status changed.
    await t.ctx.database.db
      .insert(cartLines)
      .values({ memberId: ids.pending ?? 0, itemId: f.ladder, number: 10, shownPrice: 1290 });
    const list = (await pending.get('/api/cart/list')).body.data;
    expect(list.data[0]).toMatchObject({ is_selected: 0, unavailable: { reason: 'blocked' } });
    const r = await pending.post('/api/cart/checkout', { ids: [list.data[0].id] });
    expect([r.status, r.body.data.problems[0].reason]).toEqual([400, 'blocked']);
    expect(r.body.msg).toBe(list.data[0].block.reason);
  });
});

describe('POST /api/cart/copy', () => {
  it('copies to another store of the same account, merging quantities', async () => {
    const id = await addLadder(10);
    const otherId = ids.demo_bj;
    const r = await demo.post('/api/cart/copy', { ids: [id], other_user_ids: [otherId] });
    expect(r.body).toMatchObject({ code: 10000, data: { copied: 1 } });
    await demo.post('/api/cart/copy', { ids: [id], other_user_ids: [otherId] });
    expect((await store2.get('/api/cart/list')).body.data.data[0].number).toBe(20);
  });

  it('refuses stores of other accounts and lines that are not the member’s', async () => {
    const id = await addLadder(10);
    expect((await demo.post('/api/cart/copy', { ids: [id], other_user_ids: [ids.pending] })).status).toBe(
      403,
    );
    expect((await store2.post('/api/cart/copy', { ids: [id], other_user_ids: [ids.demo] })).status).toBe(404);
  });
});
