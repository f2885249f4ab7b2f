import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { fund, orderFixture, type OrderFixture } from '../order/fixtures.js';
import { ledgerBalance } from './ledger.js';
import { chinaDate } from '@kc/domain';

let t: TestApp;
let f: OrderFixture;
let op: Client;
let warehouse: Client;
let finance: Client;
let demo: Client;
let categoryId: number;
const year = new Date().getUTCFullYear();

async function operator(ip: string, username: string) {
  const c = new Client(t.app, ip);
  await c.get('/api/health');
  expect((await c.post('/api/admin/login', { username, password: 'admin123456' })).body.code).toBe(10000);
  return c;
}

const newGoods = (over: Record<string, unknown> = {}) => ({
  name: '复方甘草片',
  trade_name: '',
  ypgg: '100片/瓶',
  sccj: '北京双鹤药业股份有限公司',
  approval_no: '国药准字H11020431',
  dosage_form: '片剂',
  rx_class: 'otc_a',
  scope_class: '化学药制剂',
  category_id: categoryId,
  ck_id: f.ck1,
  base_price: '12.50',
  price: '8.80',
  ladder_price: [{ number: 10, price: '8.50' }],
  zones: ['yx'],
  images: ['/uploads/goods/ffgc.jpg'],
  qg_number: 0,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db, t.clock.now);
  f = await orderFixture(db, t.clock.now);
  await fund(db, 'demo', 1_000_000, t.clock.now);
  op = await operator('10.12.0.1', 'admin');
  warehouse = await operator('10.12.0.2', 'cangku');
  finance = await operator('10.12.0.3', 'caiwu');
  demo = new Client(t.app, '10.12.0.4');
  await demo.login('demo', 'demo123456');
  categoryId = (await op.get('/api/admin/categories')).body.data.find(
    (c: { name: string }) => c.name === '西药',
  ).id;
});
afterAll(() => t.close());

describe('who may do what', () => {
  it('lets readers read, refuses writes to roles without the permission', async () => {
    expect((await finance.get('/api/admin/goods')).status).toBe(200);
    expect((await finance.post('/api/admin/goods', newGoods())).status).toBe(403);
    expect((await warehouse.post('/api/admin/goods', newGoods())).status).toBe(403);
    expect(
      (await warehouse.post('/api/admin/goods/bulk', { ids: [f.scarce], action: 'off_sale' })).status,
    ).toBe(403);
    expect((await finance.post('/api/admin/lots', { goods_id: f.scarce })).status).toBe(403);
    expect((await finance.post('/api/admin/categories', { name: '新分类' })).status).toBe(403);
    expect((await demo.get('/api/admin/goods')).status).toBe(403);
    expect((await new Client(t.app).get('/api/admin/lots')).status).toBe(401);
  });
});

describe('goods', () => {
  let id = 0;

  it('creates a goods with every field, refuses a duplicate SKU and a banned class with the reason', async () => {
    const res = await op.post('/api/admin/goods', newGoods());
    expect(res.body).toMatchObject({ code: 10000, msg: '商品已添加' });
    id = res.body.data.id;
    expect(res.body.data).toMatchObject({
      name: '复方甘草片',
      price: '8.80',
      base_price: '12.50',
      ladder_price: [{ number: 10, price: '8.50' }],
      zones: ['yx'],
      rx_class: 'otc_a',
      category_path: ['西药'],
      py_initials: 'ffgcp',
      stock: 0,
    });
    const dup = await op.post('/api/admin/goods', newGoods());
    expect(dup.status).toBe(422);
    expect(dup.body.msg).toContain('请勿重复添加');
    const banned = await op.post('/api/admin/goods', newGoods({ name: '乙型肝炎疫苗', ypgg: '10μg' }));
    expect(banned.status).toBe(400);
    expect(banned.body.msg).toContain('疫苗');
    expect(banned.body.msg).toContain('不得在网上销售');
    const bad = await op.post('/api/admin/goods', newGoods({ name: '', price: 'abc' }));
    expect(bad.status).toBe(422);
    const ladder = await op.post(
      '/api/admin/goods',
      newGoods({ ypgg: '50片', ladder_price: [{ number: 10, price: '9.00' }] }),
    );
    expect(ladder.status).toBe(422);
    expect(ladder.body.data.errors).toHaveProperty('ladder_price');
  });

  it('finds it by pinyin initials in the back office and in the buyer list', async () => {
    const admin = await op.get('/api/admin/goods?keyword=ffgc');
    expect(admin.body.data.list.map((g: { id: number }) => g.id)).toEqual([id]);
    expect(admin.body.data.list[0]).toMatchObject({
      category_path: ['西药'],
      warehouse: '杭州仓',
      price: '8.80',
      ladder_from: '8.50',
      stock: 0,
      on_shelf: true,
    });
    const buyer = await demo.get('/api/goods/list?keywords=ffgc');
    expect(buyer.body.data.list.map((g: { id: number }) => g.id)).toContain(id);
  });

  it('updates fields, recomputing pinyin; the buyer search follows', async () => {
    const res = await op.post(`/api/admin/goods/${id}`, {
      name: '复方甘草口服溶液',
      price: '9.90',
      qg_number: 5,
      is_hm: 0,
    });
    expect(res.body.data).toMatchObject({
      name: '复方甘草口服溶液',
      price: '9.90',
      qg_number: 5,
      py_initials: 'ffgckfry',
    });
    // The ladder must stay below the new price: it does (8.50 < 9.90).
    expect(
      (await demo.get('/api/goods/list?keywords=ffgckf')).body.data.list.map((g: { id: number }) => g.id),
    ).toEqual([id]);
    expect((await op.post(`/api/admin/goods/${id}`, { price: '8.00' })).status).toBe(422);
    expect((await op.post(`/api/admin/goods/${id}`, { scope_class: '血液制品' })).body.msg).toContain(
      '血液制品',
    );
    expect((await op.post('/api/admin/goods/999999', { price: '1.00' })).status).toBe(404);
  });

  it('refuses a purchase limit below the middle pack or the case, which no quantity could meet', async () => {
    const res = await op.post(`/api/admin/goods/${id}`, { zbz: 10, qg_number: 5 });
    expect(res.status).toBe(422);
    expect(res.body.msg).toContain('限购数量不能小于中包装10');
    const cased = await op.post(`/api/admin/goods/${id}`, {
      zbz: 10,
      jzl: 60,
      round_to_case: 1,
      qg_number: 50,
    });
    expect(cased.body.msg).toContain('限购数量不能小于整件60');
    // Nothing was written: the limit set by the previous test stands.
    expect((await op.get(`/api/admin/goods/${id}`)).body.data).toMatchObject({ qg_number: 5, zbz: 1 });
    expect((await op.post(`/api/admin/goods/${id}`, { zbz: 10, qg_number: 20 })).status).toBe(200);
    expect((await op.post(`/api/admin/goods/${id}`, { zbz: 1, qg_number: 5 })).status).toBe(200);
  });

  it('filters by category, zone, shelf, stock and near expiry', async () => {
    const ids = async (q: string) =>
      (await op.get(`/api/admin/goods?page_size=100&${q}`)).body.data.list.map((g: { id: number }) => g.id);
    expect(await ids(`category_id=${categoryId}`)).toContain(id);
    expect(await ids('zone=yx')).toEqual([id]);
    expect(await ids('stock=out')).toEqual([id]);
    expect(await ids('stock=ok')).toContain(f.amoxicillin);
    expect(await ids('on_shelf=0')).toEqual([]);
    expect((await op.get('/api/admin/goods?stock=nope')).status).toBe(422);
  });

  it('bulk: off sale hides from buyers, zones and categories move', async () => {
    const off = await op.post('/api/admin/goods/bulk', { ids: [id, f.scarce], action: 'off_sale' });
    expect(off.body).toMatchObject({ code: 10000, data: { count: 2 } });
    expect((await demo.get('/api/goods/list?keywords=ffgckf')).body.data.list).toEqual([]);
    await op.post('/api/admin/goods/bulk', { ids: [id, f.scarce], action: 'on_sale' });
    await op.post('/api/admin/goods/bulk', { ids: [f.scarce], action: 'set_zone', zone: 'mrtj' });
    await op.post('/api/admin/goods/bulk', { ids: [id], action: 'unset_zone', zone: 'yx' });
    expect((await op.get(`/api/admin/goods/${f.scarce}`)).body.data.zones).toContain('mrtj');
    expect((await op.get(`/api/admin/goods/${id}`)).body.data.zones).toEqual([]);
    const child = (await op.post('/api/admin/categories', { name: '止咳化痰药', parent_id: categoryId })).body
      .data;
    await op.post('/api/admin/goods/bulk', { ids: [id], action: 'move_category', category_id: child.id });
    expect((await op.get(`/api/admin/goods/${id}`)).body.data.category_path).toEqual(['西药', '止咳化痰药']);
    expect((await op.post('/api/admin/goods/bulk', { ids: [id], action: 'move_category' })).status).toBe(422);
  });
});

describe('categories, brands, warehouses, zones, 控销', () => {
  it('creates and edits categories; refuses a cycle and a banned name', async () => {
    const root = (await op.post('/api/admin/categories', { name: '中成药', sort: 2 })).body.data;
    const sub = (await op.post('/api/admin/categories', { name: '感冒用药', parent_id: root.id })).body.data;
    expect(sub).toMatchObject({ parent_id: root.id, goods_count: 0 });
    expect(
      (await op.post(`/api/admin/categories/${root.id}`, { name: '中成药', parent_id: sub.id })).status,
    ).toBe(422);
    const banned = await op.post(`/api/admin/categories/${sub.id}`, { name: '麻醉药品', parent_id: root.id });
    expect(banned.body.msg).toContain('不得在网上销售');
    const renamed = await op.post(`/api/admin/categories/${sub.id}`, {
      name: '感冒药',
      parent_id: root.id,
      sort: 5,
    });
    expect(renamed.body.data).toMatchObject({ name: '感冒药', sort: 5 });
  });

  it('brands and warehouses; zones are the fixed list', async () => {
    const b = (await op.post('/api/admin/brands', { name: '999', company: '华润三九' })).body.data;
    expect(
      (await op.post(`/api/admin/brands/${b.id}`, { name: '三九', company: '华润三九' })).body.data.name,
    ).toBe('三九');
    expect((await op.get('/api/admin/brands')).body.data.map((x: { name: string }) => x.name)).toContain(
      '三九',
    );
    const w = (await op.post('/api/admin/warehouses', { name: '温州仓', region: '浙江省' })).body.data;
    expect(
      (await op.post(`/api/admin/warehouses/${w.id}`, { name: '温州二仓', region: '浙江省' })).body.data.name,
    ).toBe('温州二仓');
    expect((await op.get('/api/admin/warehouses')).body.data).toHaveLength(3);
    expect((await op.get('/api/admin/zones')).body.data).toContainEqual({ code: 'kx', name: '控销专区' });
    expect((await op.post('/api/admin/brands', { name: '' })).status).toBe(422);
  });

  it('lists and deletes a goods 控销 releases', async () => {
    await op.post('/api/admin/kx_releases', { goods_id: f.scarce, buyer_group: '诊所', region: '浙江省' });
    const list = (await op.get(`/api/admin/kx_releases?goods_id=${f.scarce}`)).body.data;
    expect(list).toMatchObject([{ goods_id: f.scarce, buyer_group: '诊所', region: '浙江省' }]);
    expect((await op.delete(`/api/admin/kx_releases/${list[0].id}`)).body.code).toBe(10000);
    expect((await op.get(`/api/admin/kx_releases?goods_id=${f.scarce}`)).body.data).toEqual([]);
    expect((await op.delete(`/api/admin/kx_releases/${list[0].id}`)).status).toBe(404);
  });
});

describe('lots and the stock ledger', () => {
  it('the seeded opening lots explain every goods stock', async () => {
    for (const g of [f.amoxicillin, f.ibuprofen, f.scarce]) {
      const b = await ledgerBalance(t.ctx.database.db, g);
      expect(b.ledger).toBe(b.stock);
      expect(b.lots).toBe(b.stock);
    }
    const rows = (await op.get(`/api/admin/stock_ledger?goods_id=${f.amoxicillin}&kind=opening`)).body.data;
    expect(rows.total).toBe(3);
    expect(rows.list[0]).toMatchObject({
      kind: 'opening',
      kind_name: '期初库存',
      goods_name: '阿莫西林胶囊',
    });
  });

  it('lists lots with near-expiry and expired flags', async () => {
    const expired = (await finance.get(`/api/admin/lots?goods_id=${f.amoxicillin}&expiry=expired`)).body.data;
    expect(expired.list).toMatchObject([{ batch_no: 'B-OLD', expired: true, quantity: 500 }]);
    const byBatch = (await op.get('/api/admin/lots?keyword=B-EARLY')).body.data;
    expect(byBatch.list).toMatchObject([
      { batch_no: 'B-EARLY', goods_name: '阿莫西林胶囊', warehouse: '杭州仓' },
    ]);
    const byName = (await op.get('/api/admin/lots?keyword=amxl')).body.data;
    expect(byName.total).toBe(3);
  });

  it('receive + sale + cancel + adjust: sum(ledger) = goods.stock = sum(lots)', async () => {
    const db = t.ctx.database.db;
    const g = (
      await op.post('/api/admin/goods', newGoods({ name: '盐酸氨溴索片', ypgg: '30mg*20片', zones: [] }))
    ).body.data;
    // Refusals first: expired, expiry before production, missing fields.
    const late = await warehouse.post('/api/admin/lots', {
      goods_id: g.id,
      batch_no: 'X',
      produced_on: `${year - 3}-01-01`,
      expires_on: `${year - 1}-01-01`,
      quantity: 5,
    });
    expect(late.status).toBe(422);
    expect(late.body.msg).toContain('已过有效期');
    const backwards = await warehouse.post('/api/admin/lots', {
      goods_id: g.id,
      batch_no: 'X',
      produced_on: `${year}-01-01`,
      expires_on: `${year - 1}-01-01`,
      quantity: 5,
    });
    expect(backwards.body.msg).toBe('有效期必须晚于生产日期');
    const rec = await warehouse.post('/api/admin/lots', {
      goods_id: g.id,
      batch_no: 'AX2401',
      produced_on: `${year - 1}-01-01`,
      expires_on: `${year + 2}-01-01`,
      quantity: 100,
      supplier: '国药控股浙江有限公司',
      unit_cost: '6.20',
    });
    expect(rec.body).toMatchObject({ code: 10000, data: { stock: 100 } });
    const lotId = rec.body.data.lot_id;
    const lot = (await op.get(`/api/admin/lots?goods_id=${g.id}`)).body.data.list[0];
    expect(lot).toMatchObject({
      supplier: '国药控股浙江有限公司',
      unit_cost: '6.20',
      received_quantity: 100,
      received_by: '仓库管理员',
    });

    // A sale, then its cancellation.
    await demo.post('/api/cart', { params: [{ goods_id: g.id, number: 3 }] });
    const addressId = (await demo.get('/api/user/address')).body.data[0].id;
    const order = await demo.post('/api/order', {
      address_id: addressId,
      coupon_id: 0,
      voucher_id: 0,
      idempotency_key: crypto.randomUUID(),
    });
    expect(order.body.code).toBe(10000);
    expect((await ledgerBalance(db, g.id)).stock).toBe(97);
    expect(
      (await demo.post(`/api/order/${order.body.data.order_id}/cancel`, { reason: '买错了' })).body.code,
    ).toBe(10000);

    // Adjust: a reason is needed, and a lot cannot go below 0.
    expect((await warehouse.post(`/api/admin/lots/${lotId}/adjust`, { delta: -5 })).status).toBe(422);
    expect(
      (await warehouse.post(`/api/admin/lots/${lotId}/adjust`, { delta: 0, reason: '盘点' })).status,
    ).toBe(422);
    const tooMany = await warehouse.post(`/api/admin/lots/${lotId}/adjust`, { delta: -101, reason: '报损' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toContain('最多可减少100件');
    const adj = await warehouse.post(`/api/admin/lots/${lotId}/adjust`, { delta: -5, reason: '破损报损' });
    expect(adj.body.data).toMatchObject({ quantity: 95, stock: 95 });
    expect((await finance.post(`/api/admin/lots/${lotId}/adjust`, { delta: 1, reason: 'x' })).status).toBe(
      403,
    );

    const b = await ledgerBalance(db, g.id);
    expect(b).toEqual({ ledger: 95, stock: 95, lots: 95 });
    const ledger = (await op.get(`/api/admin/stock_ledger?goods_id=${g.id}`)).body.data;
    expect(
      ledger.list.map((m: { kind: string; quantity: number; stock_after: number }) => [
        m.kind,
        m.quantity,
        m.stock_after,
      ]),
    ).toEqual([
      ['adjust', -5, 95],
      ['cancel', 3, 100],
      ['sale', -3, 97],
      ['receive', 100, 100],
    ]);
    expect(ledger.list[0]).toMatchObject({ batch_no: 'AX2401', reason: '破损报损', operator: '仓库管理员' });
    expect(ledger.list[2].ref).toBe(ledger.list[1].ref);
    expect(ledger.list[2].ref).toMatch(/\d/);
    // The ledger's dates are China days: "today" is China's, a day ahead of UTC after 16:00 UTC.
    const today = chinaDate(new Date());
    expect(
      (await op.get(`/api/admin/stock_ledger?goods_id=${g.id}&kind=sale&from=${year - 1}-01-01&to=${today}`))
        .body.data.total,
    ).toBe(1);
    expect((await op.get('/api/admin/stock_ledger?from=2026-02-30')).status).toBe(422);
  });

  it('every write is in the audit log with before and after', async () => {
    const rows = await t.ctx.database.db.execute(
      "select action, before, after from operator_audit where action in ('lot.adjust', 'goods.update', 'goods.bulk') order by id",
    );
    const list = ((rows as { rows?: unknown[] }).rows ?? rows) as {
      action: string;
      before: unknown;
      after: unknown;
    }[];
    const actions = list.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['lot.adjust', 'goods.update', 'goods.bulk']));
    const adjust = list.find((r) => r.action === 'lot.adjust')!;
    expect(adjust.before).toMatchObject({ quantity: 100, stock: 100 });
    expect(adjust.after).toMatchObject({ quantity: 95, stock: 95 });
  });
});
