import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { AppError } from '../../platform/errors.js';
import {
  addLot,
  brandSummaries,
  categoryMenu,
  createBrand,
  createCategory,
  createGoods,
  createWarehouse,
  zoneCategories,
  type NewGoods,
} from './service.js';

let t: TestApp;
const ids = { root: 0, child: 0, other: 0, brand: 0, ck: 0, amxl: 0, ibu: 0, nostock: 0 };
const inDays = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);

const base = (over: Partial<NewGoods>): NewGoods => ({
  name: '阿莫西林胶囊',
  ypgg: '0.25g*24粒',
  sccj: '华润三九医药股份有限公司',
  scopeClass: '抗生素制剂',
  categoryId: ids.child,
  ckId: ids.ck,
  basePrice: 1800,
  price: 1250,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db);
  ids.root = await createCategory(db, { name: '西药', code: 'xy' });
  ids.child = await createCategory(db, { name: '抗感染药', parentId: ids.root });
  ids.other = await createCategory(db, { name: '中成药', code: 'zcy' });
  ids.brand = await createBrand(db, { name: '999', company: '华润三九医药股份有限公司' });
  ids.ck = await createWarehouse(db, { name: '杭州仓' });
  ids.amxl = await createGoods(
    db,
    base({
      tradeName: '阿莫仙',
      brandId: ids.brand,
      isYoux: true,
      zones: ['yx', 'spike'],
      ladderPrice: [
        { number: 10, price: 1200 },
        { number: 50, price: 1150 },
      ],
      sales: 50,
      lots: [
        { batchNo: '24010101', producedOn: '2024-01-01', expiresOn: inDays(400), quantity: 30 },
        { batchNo: '24020201', producedOn: '2024-02-02', expiresOn: inDays(60), quantity: 12 },
      ],
    }),
  );
  ids.ibu = await createGoods(
    db,
    base({
      name: '布洛芬缓释胶囊',
      tradeName: '芬必得',
      ypgg: '0.3g*20粒',
      sccj: '中美天津史克制药有限公司',
      scopeClass: '化学药制剂',
      price: 2080,
      sales: 900,
      lots: [{ batchNo: 'B1', producedOn: '2024-03-01', expiresOn: inDays(700), quantity: 100 }],
    }),
  );
  ids.nostock = await createGoods(
    db,
    base({
      name: '板蓝根颗粒',
      ypgg: '10g*20袋',
      categoryId: ids.other,
      scopeClass: '中成药',
      price: 990,
      sales: 5000,
    }),
  );
});
afterAll(() => t.close());

const approved = async () => {
  const c = new Client(t.app);
  await c.login('demo', 'demo123456');
  return c;
};

describe('writing goods', () => {
  it('computes pinyin at write time, so initials and manufacturer pinyin find the goods', async () => {
    const c = new Client(t.app);
    const byInitials = await c.get('/api/goods/list?keywords=amxl');
    expect(byInitials.body.data.list.map((g: { name: string }) => g.name)).toEqual(['阿莫西林胶囊']);
    const byTrade = await c.get('/api/goods/list?keywords=fbd');
    expect(byTrade.body.data.list[0].trade_name).toBe('芬必得');
    const byFull = await c.get('/api/goods/list?keywords=amoxi');
    expect(byFull.body.data.total).toBe(1);
    const maker = await c.get('/api/goods/list?keywords=hrsj&type=1');
    expect(maker.body.data.list.map((g: { sccj: string }) => g.sccj)).toContain('华润三九医药股份有限公司');
    const chinese = await c.get(`/api/goods/list?keywords=${encodeURIComponent('史克')}&type=1`);
    expect(chinese.body.data.list.map((g: { name: string }) => g.name)).toEqual(['布洛芬缓释胶囊']);
  });

  it('refuses categories and goods that may not be sold online', async () => {
    const db = t.ctx.database.db;
    await expect(createCategory(db, { name: '疫苗' })).rejects.toMatchObject({
      kind: 'business',
      message: expect.stringContaining('不得在网上销售'),
    });
    await expect(createCategory(db, { name: '第二类精神药品', parentId: ids.root })).rejects.toBeInstanceOf(
      AppError,
    );
    await expect(
      createGoods(db, base({ name: '人血白蛋白', ypgg: '10g', scopeClass: '血液制品' })),
    ).rejects.toMatchObject({
      kind: 'business',
      message: expect.stringContaining('血液制品'),
    });
    await expect(
      createGoods(db, base({ name: '冻干人用狂犬病疫苗', ypgg: '1ml', scopeClass: '生物制品' })),
    ).rejects.toMatchObject({ kind: 'business' });
  });

  it('refuses a ladder whose tiers do not fall', async () => {
    await expect(
      createGoods(t.ctx.database.db, base({ ypgg: '0.5g*12粒', ladderPrice: [{ number: 10, price: 1300 }] })),
    ).rejects.toMatchObject({
      kind: 'validation',
    });
  });

  it('keeps stock equal to the sum of the lots', async () => {
    const c = await approved();
    expect((await c.get(`/api/goods/detail/${ids.amxl}`)).body.data.number).toBe(42);
    const { stock } = await addLot(t.ctx.database.db, ids.amxl, {
      batchNo: '24050501',
      producedOn: '2024-05-05',
      expiresOn: inDays(500),
      quantity: 8,
    });
    expect(stock).toBe(50);
    const d = (await c.get(`/api/goods/detail/${ids.amxl}`)).body.data;
    expect(d.number).toBe(50);
    expect(d.lots.map((l: { number: number }) => l.number).reduce((a: number, b: number) => a + b, 0)).toBe(
      50,
    );
    // The earliest lot in stock gives 有效期至.
    expect(d.validity).toBe(inDays(60));
    expect(d.lots[0]).toMatchObject({ batch_no: '24020201', expires_on: inDays(60), number: 12 });
  });
});

describe('GET /api/goods/list', () => {
  it('pages with one shape', async () => {
    const c = new Client(t.app);
    const first = await c.get('/api/goods/list?page=1&page_size=2');
    expect(first.body.code).toBe(10000);
    expect(first.body.data).toMatchObject({ total: 3, page: 1, page_size: 2, total_page: 2 });
    const second = await c.get('/api/goods/list?page=2&page_size=2');
    expect(second.body.data.list).toHaveLength(1);
    const seen = [...first.body.data.list, ...second.body.data.list].map((g: { id: number }) => g.id);
    expect(new Set(seen).size).toBe(3);
  });

  it.each([
    ['page=0', '页码不能小于1'],
    ['page_size=1000', '每页数量不能大于100'],
    ['sort=random', '排序方式有误'],
    [`keywords=${'x'.repeat(10_000)}`, '搜索关键词不能超过50个字'],
  ])('answers 422 for %s', async (query, msg) => {
    const res = await new Client(t.app).get(`/api/goods/list?${query}`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 422, msg });
  });

  it('treats SQL-looking and wildcard text as plain text', async () => {
    const c = new Client(t.app);
    for (const kw of ["' or 1=1 --", '%', '_']) {
      const res = await c.get(`/api/goods/list?keywords=${encodeURIComponent(kw)}`);
      expect(res.body.code).toBe(10000);
      expect(res.body.data.total).toBe(0);
    }
  });

  it('filters by category with its descendants, brand, zone and near expiry', async () => {
    const c = new Client(t.app);
    const names = async (q: string) =>
      (await c.get(`/api/goods/list?${q}`)).body.data.list.map((g: { name: string }) => g.name).sort();
    expect(await names(`select=${ids.root}`)).toEqual(['布洛芬缓释胶囊', '阿莫西林胶囊'].sort());
    expect(await names(`select=${ids.other}`)).toEqual(['板蓝根颗粒']);
    expect(await names(`brand=${ids.brand}`)).toEqual(['阿莫西林胶囊']);
    expect(await names('zone=spike')).toEqual(['阿莫西林胶囊']);
    expect(await names('zone=jxq')).toEqual(['阿莫西林胶囊']);
    // The near-expiry filter and 有效期至 read the goods' own lots.
    const row = (await c.get(`/api/goods/list?keywords=amxl`)).body.data.list[0];
    expect(row.validity).toBe(inDays(60));
    expect(await names('in_stock=1')).not.toContain('板蓝根颗粒');
  });

  it('sorts by sales and by price', async () => {
    const c = new Client(t.app);
    const bySales = (await c.get('/api/goods/list?sort=sales')).body.data.list.map(
      (g: { id: number }) => g.id,
    );
    expect(bySales).toEqual([ids.nostock, ids.ibu, ids.amxl]);
    const byPrice = (
      await (await approved()).get('/api/goods/list?sort=price&order=desc')
    ).body.data.list.map((g: { price: string }) => g.price);
    expect(byPrice).toEqual(['20.80', '12.50', '9.90']);
    // Default: what can be bought now comes first.
    const def = (await c.get('/api/goods/list')).body.data.list.map((g: { id: number }) => g.id);
    expect(def.at(-1)).toBe(ids.nostock);
  });
});

describe('prices by audience', () => {
  it('hides prices from visitors with 登录可见', async () => {
    const g = (await new Client(t.app).get(`/api/goods/detail/${ids.amxl}`)).body.data;
    expect(g).toMatchObject({ price: null, base_price: null, price_hint: '登录可见', ladder_price: [] });
  });

  it('hides prices from a member awaiting approval', async () => {
    const c = new Client(t.app);
    await c.login('pending', 'demo123456');
    const item = (await c.get('/api/goods/list?keywords=amxl')).body.data.list[0];
    expect(item).toMatchObject({ price: null, price_hint: '审核通过后可见' });
  });

  it('shows an approved member prices and tiers in yuan', async () => {
    const item = (await (await approved()).get('/api/goods/list?keywords=amxl')).body.data.list[0];
    expect(item).toMatchObject({
      price: '12.50',
      base_price: '18.00',
      price_hint: null,
      ladder_price: [
        { number: 10, price: '12.00' },
        { number: 50, price: '11.50' },
      ],
      ladder_price_type: 1,
      goods_image: [],
      is_buy: 1,
      is_youx: 1,
    });
  });
});

describe('GET /api/goods/detail/:id', () => {
  it('shows the drug facts', async () => {
    const d = (await new Client(t.app).get(`/api/goods/detail/${ids.ibu}`)).body.data;
    expect(d).toMatchObject({
      name: '布洛芬缓释胶囊',
      sccj: '中美天津史克制药有限公司',
      scope_class: '化学药制剂',
    });
    expect(d.category).toEqual({ id: ids.child, name: '抗感染药', parent: { id: ids.root, name: '西药' } });
  });

  it('answers 404 for an unknown id and 422 for a non-numeric one', async () => {
    const c = new Client(t.app);
    const missing = await c.get('/api/goods/detail/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, data: null });
    expect((await c.get('/api/goods/detail/abc')).status).toBe(422);
  });
});

describe('home goods', () => {
  it('recommends best sellers in stock', async () => {
    const res = await new Client(t.app).get('/api/index_wntj/1');
    expect(res.body.data.list.map((g: { id: number }) => g.id)).toEqual([ids.ibu, ids.amxl]);
    expect((await new Client(t.app).get('/api/index_wntj/0')).status).toBe(422);
  });

  it('lists the flash sale with a ten-digit end time in the future', async () => {
    const s = (await new Client(t.app).get('/api/index/spike')).body.data;
    expect(String(s.end_time)).toMatch(/^\d{10}$/);
    expect(s.end_time * 1000).toBeGreaterThan(t.clock.now.getTime());
    expect(s.start_time * 1000).toBeLessThanOrEqual(t.clock.now.getTime());
    expect(s.list.map((g: { id: number }) => g.id)).toEqual([ids.amxl]);
  });
});

describe('menus for the common data', () => {
  it('builds the category menu, the zone menus and the brand strip', async () => {
    const db = t.ctx.database.db;
    const menu = await categoryMenu(db);
    expect(menu.map((c) => c.name)).toEqual(['西药', '中成药']);
    expect(menu[0]!.children).toEqual([{ id: ids.child, name: '抗感染药' }]);
    // Only categories holding preferred goods make the 优选 menu.
    expect(await zoneCategories(db, 'yx')).toEqual([
      expect.objectContaining({ name: '西药', children: [{ id: ids.child, name: '抗感染药' }] }),
    ]);
    expect(await zoneCategories(db, 'zy')).toEqual([]);
    expect(await brandSummaries(db)).toEqual([{ id: ids.brand, name: '999', logo: '' }]);
  });
});
