import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { createCategory, createGoods, createWarehouse, type NewGoods } from '../catalog/service.js';

let t: TestApp;
const ids = { a: 0, b: 0, c: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db);
  const categoryId = await createCategory(db, { name: '西药', code: 'xy' });
  const ckId = await createWarehouse(db, { name: '杭州仓' });
  const base = (name: string, ypgg: string): NewGoods => ({
    name,
    ypgg,
    sccj: '华润三九医药股份有限公司',
    scopeClass: '化学药制剂',
    categoryId,
    ckId,
    basePrice: 1800,
    price: 1250,
    lots: [{ batchNo: 'B1', producedOn: '2025-01-01', expiresOn: '2028-01-01', quantity: 50 }],
  });
  ids.a = await createGoods(db, base('阿莫西林胶囊', '0.25g*24粒'));
  ids.b = await createGoods(db, base('布洛芬缓释胶囊', '0.3g*20粒'));
  ids.c = await createGoods(db, base('板蓝根颗粒', '10g*20袋'));
});
afterAll(() => t.close());

const member = async (username: string) => {
  const c = new Client(t.app);
  await c.login(username, 'demo123456');
  return c;
};
const namesOf = (data: { list: { name: string }[] }) => data.list.map((g) => g.name);

describe('favourites', () => {
  it('adds, lists newest first with prices by audience, and is idempotent', async () => {
    const demo = await member('demo');
    const first = await demo.post('/api/favorite', { goods_ids: [ids.a] });
    expect(first.body).toMatchObject({ code: 10000, msg: '收藏成功' });
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    // Comma form, a duplicate and an already favourited id.
    expect((await demo.post('/api/favorite', { goods_ids: `${ids.b},${ids.b},${ids.a}` })).status).toBe(200);
    const list = await demo.get('/api/favorite?page=1&page_size=10');
    expect(list.body.data).toMatchObject({ total: 2, page: 1, page_size: 10, total_page: 1 });
    expect(namesOf(list.body.data)).toEqual(['布洛芬缓释胶囊', '阿莫西林胶囊']);
    expect(list.body.data.list[0]).toMatchObject({ price: '12.50', price_hint: null, is_favorite: 1 });
    expect(list.body.data.list[0].validity).toBe('2028-01-01');

    const pending = await member('pending');
    await pending.post('/api/favorite', { goods_ids: [ids.c] });
    const hidden = await pending.get('/api/favorite');
    expect(hidden.body.data.list[0]).toMatchObject({
      price: null,
      price_hint: '审核通过后可见',
      ladder_price: [],
    });
  });

  it('cancels idempotently and checks which goods are favourited', async () => {
    const demo = await member('demo');
    const check = await demo.get(`/api/favorite/check?goods_ids=${ids.a},${ids.c}`);
    expect(check.body.data.goods_ids).toEqual([ids.a]);
    const cancel = await demo.post('/api/favorite/cancel', { goods_ids: [ids.a, ids.c] });
    expect(cancel.body).toMatchObject({ code: 10000, msg: '取消收藏成功' });
    expect((await demo.post('/api/favorite/cancel', { goods_ids: [ids.a] })).status).toBe(200);
    expect(namesOf((await demo.get('/api/favorite')).body.data)).toEqual(['布洛芬缓释胶囊']);
  });

  it('never shows or changes another member’s favourites', async () => {
    const pending = await member('pending');
    // demo holds b; pending cancelling b must not touch demo's row.
    await pending.post('/api/favorite/cancel', { goods_ids: [ids.b] });
    const demo = await member('demo');
    expect(namesOf((await demo.get('/api/favorite')).body.data)).toEqual(['布洛芬缓释胶囊']);
    expect(namesOf((await pending.get('/api/favorite')).body.data)).toEqual(['板蓝根颗粒']);
    expect((await pending.get(`/api/favorite/check?goods_ids=${ids.b}`)).body.data.goods_ids).toEqual([]);
  });

  it('is for members only', async () => {
    const visitor = new Client(t.app);
    await visitor.get('/api/health');
    for (const res of [
      await visitor.get('/api/favorite'),
      await visitor.post('/api/favorite', { goods_ids: [ids.a] }),
      await visitor.post('/api/favorite/cancel', { goods_ids: [ids.a] }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(10001);
    }
    const admin = new Client(t.app);
    await admin.login('admin', 'admin123456');
    expect((await admin.get('/api/favorite')).status).toBe(401);
  });

  it('answers bad input with a clear 422 and unknown goods with 404', async () => {
    const demo = await member('demo');
    const missing = await demo.post('/api/favorite', {});
    expect(missing.status).toBe(422);
    expect(missing.body.msg).toBe('请选择要操作的项目');
    expect((await demo.post('/api/favorite', { goods_ids: 'abc' })).status).toBe(422);
    expect((await demo.post('/api/favorite', { goods_ids: [-1] })).body.msg).toBe('ID必须是正整数');
    expect((await demo.post('/api/favorite/cancel', { goods_ids: '' })).status).toBe(422);
    expect((await demo.get('/api/favorite?page=0')).body.msg).toBe('页码不能小于1');
    expect((await demo.get('/api/favorite?page_size=1000')).status).toBe(422);
    const unknown = await demo.post('/api/favorite', { goods_ids: [ids.a, 999999] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toContain('999999');
    // Nothing of a refused batch is written.
    expect(namesOf((await demo.get('/api/favorite')).body.data)).toEqual(['布洛芬缓释胶囊']);
  });
});
