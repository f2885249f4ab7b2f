// The operator's activities and combinations (issue 13 item 6): /api/admin/activities… and
// /api/admin/combinations…, through the front door. Runs on PGlite by default and on
// PostgreSQL in CI (DATABASE_URL).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDate } from '@kc/domain';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { rowsOf } from '../../platform/db.js';
import { fund, orderFixture, type OrderFixture } from '../order/fixtures.js';

let t: TestApp;
let f: OrderFixture;
let op: Client;
let finance: Client;
let service: Client;
let warehouse: Client;
let demo: Client;
const DAY = 86_400_000;
const db = () => t.ctx.database.db;

/** A China wall-clock string `days` from the test clock (the real one while tables are built). */
const at = (days: number) =>
  new Date((t ? t.clock.now.getTime() : Date.now()) + days * DAY + 8 * 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');

async function operator(ip: string, username: string) {
  const c = new Client(t.app, ip);
  await c.get('/api/health');
  expect((await c.post('/api/admin/login', { username, password: 'admin123456' })).body.code).toBe(10000);
  return c;
}

/** A body for POST /api/admin/activities: a window in the future (nothing here runs unless asked). */
const activity = (over: Record<string, unknown> = {}) => ({
  kind: 'manjian',
  name: '满500减20',
  url: '/hb',
  start_time: at(10),
  end_time: at(20),
  tiers: [
    { amount: '500', value: '20' },
    { amount: '1000', value: '50' },
  ],
  ...over,
});

const put = (c: Client, url: string, body: Record<string, unknown>) => c.request('PUT', url, body);

async function create(over: Record<string, unknown> = {}) {
  const r = await op.post('/api/admin/activities', activity(over));
  expect(r.body.code, r.body.msg).toBe(10000);
  return r.body.data;
}

let couponId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
  f = await orderFixture(db(), t.clock.now);
  await fund(db(), 'demo', 1_000_000, t.clock.now);
  op = await operator('10.14.0.1', 'admin');
  finance = await operator('10.14.0.2', 'caiwu');
  warehouse = await operator('10.14.0.3', 'cangku');
  service = await operator('10.14.0.5', 'kefu');
  demo = new Client(t.app, '10.14.0.4');
  await demo.login('demo', 'demo123456');
  const coupon = await op.post('/api/admin/coupons', {
    name: '专区满200减20',
    kind: 'manjian',
    threshold: '200.00',
    amount: '20.00',
    scope: 'all',
    valid_from: at(-1),
    valid_to: at(30),
    published: true,
  });
  expect(coupon.body.code, coupon.body.msg).toBe(10000);
  couponId = coupon.body.data.id;
}, 120_000);
afterAll(() => t.close());

describe('creating each kind (POST /api/admin/activities)', () => {
  it('满减 with rising tiers and a goods scope', async () => {
    const a = await create({ goods_ids: [f.amoxicillin, f.ibuprofen] });
    expect(a).toMatchObject({
      kind: 'manjian',
      kind_text: '满减',
      status: 0,
      status_text: '未开始',
      enabled: 1,
      start_time: at(10),
      summary: '满500减20，满1000减50（指定2个商品）',
      tiers: [
        { amount: '500.00', value: '20.00', text: '满500减20' },
        { amount: '1000.00', value: '50.00', text: '满1000减50' },
      ],
      orders: 0,
    });
    expect(a.goods.map((g: { name: string }) => g.name)).toEqual(['阿莫西林胶囊', '布洛芬缓释胶囊']);
  });

  it('满返, 全场折扣, 买赠', async () => {
    const manfan = await create({
      kind: 'manfan',
      name: '满1000返30',
      tiers: [{ amount: '1000.00', value: '30.00' }],
    });
    expect(manfan).toMatchObject({ kind_text: '满返', summary: '满1000返30（全场）' });
    const discount = await create({
      kind: 'discount',
      name: '全场94折',
      url: '/welfare',
      tiers: undefined,
      rate_per_mille: 940,
      excluded_goods_ids: [f.hm],
    });
    expect(discount).toMatchObject({ rate_per_mille: 940, summary: '全场9.4折（1个商品除外）' });
    expect(discount.excluded_goods[0].name).toBe('复方盐酸伪麻黄碱缓释胶囊');
    const gift = await create({
      kind: 'gift',
      name: '买10赠1',
      tiers: undefined,
      buy: 10,
      give: 1,
      goods_ids: [f.amoxicillin],
    });
    expect(gift).toMatchObject({
      gift: { buy: 10, give: 1, type: 1, name: '同品赠送' },
      summary: '买10赠1（同品赠送），1个商品',
    });
  });

  it('秒杀 and 每日特价 price goods below their list price; a special may repeat a goods on another day', async () => {
    const flash = await create({
      kind: 'flash',
      name: '限时秒杀',
      tiers: undefined,
      items: [
        { goods_id: f.ibuprofen, price: '19.90', limit: 5 },
        { goods_id: f.amoxicillin, price: '9.90' },
      ],
    });
    expect(flash.items).toEqual([
      expect.objectContaining({ goods_id: f.ibuprofen, price: '19.90', limit: 5, date: '' }),
      expect.objectContaining({ goods_id: f.amoxicillin, price: '9.90', limit: 0, date: '' }),
    ]);
    expect(flash.items[0].goods).toMatchObject({ name: '布洛芬缓释胶囊', price: '25.00' });
    const day1 = at(11).slice(0, 10);
    const day2 = at(12).slice(0, 10);
    const special = await create({
      kind: 'special',
      name: '每日特价',
      url: '/mrtj',
      tiers: undefined,
      items: [
        { goods_id: f.ibuprofen, price: '21.00', limit: 2, date: day1 },
        { goods_id: f.ibuprofen, price: '22.00', limit: 2, date: day2 },
      ],
    });
    expect(special.items.map((i: { date: string; price: string }) => [i.date, i.price])).toEqual([
      [day1, '21.00'],
      [day2, '22.00'],
    ]);
    expect(special.summary).toBe('1个商品，2天');
  });

  it('模板 with goods sections and coupons', async () => {
    const tpl = await create({
      kind: 'template',
      name: '冬季专区',
      url: '/zqmb',
      tiers: undefined,
      banner: '/uploads/winter.jpg',
      sections: [
        { title: '感冒用药', goods_ids: [f.ibuprofen, f.amoxicillin] },
        { title: '热销', goods_ids: [f.scarce] },
      ],
      coupon_ids: [couponId],
    });
    expect(tpl).toMatchObject({
      kind_text: '专区/活动页',
      banner: '/uploads/winter.jpg',
      summary: '2个专区，1张优惠券',
      coupons: [{ id: couponId, name: '专区满200减20' }],
    });
    expect(tpl.sections[0].goods.map((g: { id: number }) => g.id)).toEqual([f.ibuprofen, f.amoxicillin]);
    const detail = (await finance.get(`/api/admin/activities/${tpl.id}`)).body.data;
    expect(detail).toEqual(tpl);
  });
});

describe('refusals (422)', () => {
  const sixtyOne = () => Array.from({ length: 61 }, () => 1);
  it.each<[string, Record<string, unknown>, string]>([
    ['an empty window', { end_time: at(10) }, '结束时间必须晚于开始时间'],
    ['a bad time', { start_time: '2026-02-30 10:00:00' }, '开始时间格式有误（YYYY-MM-DD HH:mm:ss）'],
    ['no tier', { tiers: [] }, '请至少设置一档满减'],
    [
      'tiers that do not rise',
      {
        tiers: [
          { amount: '500', value: '20' },
          { amount: '500', value: '30' },
        ],
      },
      '第2档的门槛必须高于第1档',
    ],
    [
      'a reduction not below its amount',
      { tiers: [{ amount: '50', value: '50' }] },
      '第1档的减额必须大于0且小于门槛金额',
    ],
    [
      'a zero cashback',
      { kind: 'manfan', tiers: [{ amount: '50', value: '0' }] },
      '第1档的返额必须大于0且小于门槛金额',
    ],
    ['a rate of 10折', { kind: 'discount', rate_per_mille: 1000 }, '折扣率须在500‰到999‰之间（5折到9.99折）'],
    [
      'a rate below 5折',
      { kind: 'discount', rate_per_mille: 400 },
      '折扣率须在500‰到999‰之间（5折到9.99折）',
    ],
    ['a gift of nothing', { kind: 'gift', buy: 10, give: 0, goods_ids: [1] }, '赠送数量至少为1'],
    ['a gift without goods', { kind: 'gift', buy: 10, give: 1 }, '请选择买赠商品'],
    ['a flash sale without goods', { kind: 'flash' }, '请添加活动商品'],
    [
      'a zero flash price',
      { kind: 'flash', items: [{ goods_id: 1, price: '0' }] },
      '第1个商品的活动价必须大于0',
    ],
    [
      'a negative limit',
      { kind: 'flash', items: [{ goods_id: 1, price: '1', limit: -1 }] },
      '限购数量不能小于0',
    ],
    [
      'a goods twice in a flash sale',
      {
        kind: 'flash',
        items: [
          { goods_id: 1, price: '1' },
          { goods_id: 1, price: '2' },
        ],
      },
      '第2个商品重复',
    ],
    [
      'a goods twice on the same day',
      {
        kind: 'special',
        items: [
          { goods_id: 1, price: '1', date: at(11).slice(0, 10) },
          { goods_id: 1, price: '2', date: at(11).slice(0, 10) },
        ],
      },
      '第2个商品在同一天重复',
    ],
    [
      'a special day outside the window',
      { kind: 'special', items: [{ goods_id: 1, price: '1', date: at(30).slice(0, 10) }] },
      '第1个商品的特价日期不在活动时间内',
    ],
    [
      'eleven sections',
      {
        kind: 'template',
        sections: Array.from({ length: 11 }, (_, i) => ({ title: `专区${i}`, goods_ids: [1] })),
      },
      '最多设置10个专区',
    ],
    [
      'a section of 61 goods',
      { kind: 'template', sections: [{ title: '太多', goods_ids: sixtyOne() }] },
      '每个专区最多60个商品',
    ],
    ['an unknown kind', { kind: 'lottery' }, '活动类型不正确'],
    ['no name', { name: ' ' }, '请填写活动名称'],
  ])('%s', async (_label, over, msg) => {
    // Another kind than 满减 goes without the default tiers.
    const body = over.kind ? activity({ tiers: undefined, ...over }) : activity(over);
    const r = await op.post('/api/admin/activities', body);
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe(msg);
  });

  it('refuses what the database contradicts: unknown goods or coupon, a flash price not below list', async () => {
    const unknownGoods = await op.post(
      '/api/admin/activities',
      activity({ kind: 'gift', tiers: undefined, buy: 1, give: 1, goods_ids: [999_999] }),
    );
    expect(unknownGoods).toMatchObject({ status: 422, body: { msg: '商品不存在（ID 999999）' } });
    const notBelow = await op.post(
      '/api/admin/activities',
      activity({ kind: 'flash', tiers: undefined, items: [{ goods_id: f.ibuprofen, price: '25.00' }] }),
    );
    expect(notBelow).toMatchObject({
      status: 422,
      body: { msg: '「布洛芬缓释胶囊」的活动价必须低于原价 ¥25.00' },
    });
    const coupon = await op.post(
      '/api/admin/activities',
      activity({ kind: 'template', tiers: undefined, coupon_ids: [999_999] }),
    );
    expect(coupon).toMatchObject({ status: 422, body: { msg: '优惠券不存在（ID 999999）' } });
    const n = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from activities where name = '满500减20' and goods_ids = '{999999}'`,
      ),
    );
    expect(n[0]!.n).toBe(0);
  });

  it('keeps the kind on update and answers 404 for an unknown activity', async () => {
    const a = await create({ name: '改类型' });
    const r = await put(
      op,
      `/api/admin/activities/${a.id}`,
      activity({ kind: 'discount', tiers: undefined, rate_per_mille: 950 }),
    );
    expect(r).toMatchObject({ status: 422, body: { msg: '活动类型不能修改，请新建活动' } });
    expect((await put(op, '/api/admin/activities/999999', activity())).status).toBe(404);
    expect((await op.get('/api/admin/activities/999999')).status).toBe(404);
  });
});

describe('odd shapes (JSON bodies)', () => {
  const json = (c: Client, method: 'POST' | 'PUT', url: string, body: unknown) =>
    c.request(
      method,
      url,
      undefined,
      { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify(body)),
    );
  it.each<[string, Record<string, unknown>]>([
    ['tiers as a string', { tiers: 'x' }],
    ['tiers as an object', { tiers: { a: 1 } }],
    ['a null tier', { tiers: [null] }],
    ['a null item', { kind: 'flash', tiers: undefined, items: [null] }],
    ['an id past int4', { kind: 'gift', tiers: undefined, buy: 1, give: 1, goods_ids: [99_999_999_999] }],
    ['a time as a number', { start_time: 1_700_000_000 }],
    ['a rate of 1e99', { kind: 'discount', tiers: undefined, rate_per_mille: '1e99' }],
    ['the kind as a list', { kind: ['manjian'] }],
    ['an amount past seven digits', { tiers: [{ amount: '123456789', value: '1' }] }],
  ])('%s: 422, nothing written', async (_label, over) => {
    const before = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from activities`),
    )[0]!.n;
    const r = await json(op, 'POST', '/api/admin/activities', activity(over));
    expect(r.status).toBe(422);
    const after = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from activities`),
    )[0]!.n;
    expect(after).toBe(before);
  });

  it('refuses odd combinations and switches with 422', async () => {
    expect((await json(op, 'POST', '/api/admin/combinations', { name: 'x', items: 'y' })).status).toBe(422);
    expect((await json(op, 'PUT', '/api/admin/combinations/1/on_sale', { on_sale: [1] })).status).toBe(422);
    expect((await json(op, 'PUT', '/api/admin/activities/1/enabled', {})).status).toBe(422);
    expect((await op.get('/api/admin/activities?page=0')).status).toBe(422);
    expect((await op.get('/api/admin/activities/abc/report')).status).toBe(422);
  });
});

describe('who may do what', () => {
  it('lets 财务 and 客服 read, refuses their writes; 仓库 gets 403', async () => {
    const a = await create({ name: '权限测试' });
    expect((await finance.get('/api/admin/activities')).status).toBe(200);
    expect((await service.get(`/api/admin/activities/${a.id}/report`)).status).toBe(200);
    expect((await finance.get('/api/admin/combinations')).status).toBe(200);
    expect((await finance.post('/api/admin/activities', activity())).status).toBe(403);
    expect((await service.request('PUT', `/api/admin/activities/${a.id}`, activity())).status).toBe(403);
    expect(
      (await finance.request('PUT', `/api/admin/activities/${a.id}/enabled`, { enabled: 0 })).status,
    ).toBe(403);
    expect((await service.post('/api/admin/combinations', {})).status).toBe(403);
    expect((await warehouse.get('/api/admin/activities')).status).toBe(403);
    expect((await demo.get('/api/admin/activities')).status).toBe(403);
    expect((await new Client(t.app, '10.14.9.9').get('/api/admin/activities')).status).toBe(401);
  });

  it('audits every write', async () => {
    const a = await create({ name: '审计活动' });
    await put(op, `/api/admin/activities/${a.id}`, activity({ name: '审计活动（改）' }));
    await put(op, `/api/admin/activities/${a.id}/enabled`, { enabled: 0 });
    const rows = rowsOf<{ action: string; summary: string }>(
      await db().execute(
        sql`select action, summary from operator_audit where entity = 'activity' and entity_id = ${String(a.id)} order by id`,
      ),
    );
    expect(rows).toEqual([
      { action: 'activity.create', summary: '新建满减活动 审计活动' },
      { action: 'activity.update', summary: '修改满减活动 审计活动（改）' },
      { action: 'activity.disable', summary: '停用满减活动 审计活动（改）' },
    ]);
  });
});

describe('the list (GET /api/admin/activities)', () => {
  it('filters by kind, status and keyword; a switched-off activity counts as ended', async () => {
    const running = await create({
      kind: 'template',
      tiers: undefined,
      name: '列表-进行中',
      start_time: at(-1),
      end_time: at(5),
      coupon_ids: [couponId],
    });
    const ended = await create({
      kind: 'template',
      tiers: undefined,
      name: '列表-已结束',
      start_time: at(-5),
      end_time: at(-1),
      coupon_ids: [couponId],
    });
    const off = await create({
      kind: 'template',
      tiers: undefined,
      name: '列表-停用',
      start_time: at(-1),
      end_time: at(5),
      coupon_ids: [couponId],
      enabled: 0,
    });
    const names = async (q: string) =>
      (await finance.get(`/api/admin/activities?kind=template&keyword=列表&${q}`)).body.data.list.map(
        (a: { name: string }) => a.name,
      );
    expect(await names('status=1')).toEqual(['列表-进行中']);
    expect(await names('status=2')).toEqual(['列表-停用', '列表-已结束']);
    expect(await names('status=')).toEqual(['列表-停用', '列表-已结束', '列表-进行中']);
    const list = (await finance.get('/api/admin/activities?keyword=列表-停用')).body.data;
    expect(list).toMatchObject({ total: 1, page: 1 });
    expect(list.list[0]).toMatchObject({ id: off.id, status: 2, status_text: '已停用', enabled: 0 });
    expect([running.status_text, ended.status_text]).toEqual(['进行中', '已结束']);
    expect((await finance.get('/api/admin/activities?status=3')).status).toBe(422);
    expect((await finance.get('/api/admin/activities?kind=lottery')).status).toBe(422);
  });
});

describe('the 94折 switch (PUT /api/admin/activities/:id/enabled)', () => {
  it('prices the cart with the discount, and without it on the next read once switched off', async () => {
    await db().execute(
      sql`delete from cart_lines where member_id = (select id from members where username = 'demo')`,
    );
    expect((await demo.post('/api/cart', { params: [{ goods_id: f.ibuprofen, number: 4 }] })).body.code).toBe(
      10000,
    );
    const cart = async () => (await demo.get('/api/cart/list')).body.data;
    expect((await cart()).total.goods_amount).toBe('100.00');
    const d = await create({
      kind: 'discount',
      name: '全场94折（开关）',
      url: '/welfare',
      tiers: undefined,
      rate_per_mille: 940,
      start_time: at(-1),
      end_time: at(30),
    });
    expect(d.status_text).toBe('进行中');
    let c = await cart();
    expect(c.activity_data.discount).toMatchObject({ rate_per_mille: 940 });
    expect(c.total.goods_amount).toBe('94.00');
    const off = await put(op, `/api/admin/activities/${d.id}/enabled`, { enabled: 0 });
    expect(off.body).toMatchObject({
      code: 10000,
      msg: '已停用',
      data: { enabled: 0, status_text: '已停用' },
    });
    c = await cart();
    expect(c.activity_data.discount).toBeNull();
    expect(c.total.goods_amount).toBe('100.00');
    const on = await put(op, `/api/admin/activities/${d.id}/enabled`, { enabled: 'true' });
    expect(on.body).toMatchObject({ msg: '已启用', data: { enabled: 1, status_text: '进行中' } });
    expect((await cart()).total.goods_amount).toBe('94.00');
    expect((await put(op, `/api/admin/activities/${d.id}/enabled`, { enabled: 'maybe' })).status).toBe(422);
    await put(op, `/api/admin/activities/${d.id}/enabled`, { enabled: 0 });
    expect((await cart()).total.goods_amount).toBe('100.00');
  });

  it('an update shows in the cart at once too', async () => {
    const d = await create({
      kind: 'discount',
      name: '全场95折',
      tiers: undefined,
      rate_per_mille: 950,
      start_time: at(-1),
      end_time: at(30),
    });
    expect((await demo.get('/api/cart/list')).body.data.total.goods_amount).toBe('95.00');
    await put(op, `/api/admin/activities/${d.id}`, {
      ...activity({
        kind: 'discount',
        name: '全场9折',
        tiers: undefined,
        start_time: at(-1),
        end_time: at(30),
      }),
      rate_per_mille: 900,
    });
    expect((await demo.get('/api/cart/list')).body.data.total.goods_amount).toBe('90.00');
    await put(op, `/api/admin/activities/${d.id}/enabled`, { enabled: 0 });
  });
});

describe('the report (GET /api/admin/activities/:id/report)', () => {
  it('counts the orders it priced (not the cancelled), their buyers, amount, reduction and taps by day', async () => {
    const m = await create({
      name: '报表满50减5',
      tiers: [{ amount: '50', value: '5' }],
      start_time: at(-1),
      end_time: at(30),
    });
    const addressId = (await demo.get('/api/user/address')).body.data[0].id;
    const place = async () => {
      await db().execute(
        sql`delete from cart_lines where member_id = (select id from members where username = 'demo')`,
      );
      expect(
        (await demo.post('/api/cart', { params: [{ goods_id: f.ibuprofen, number: 4 }] })).body.code,
      ).toBe(10000);
      const p = (await demo.post('/api/order/preview', {})).body.data;
      expect(p.amounts.manjian_amount).toBe('5.00');
      const placed = await demo.post('/api/order', {
        address_id: addressId,
        coupon_id: 0,
        voucher_id: 0,
        idempotency_key: crypto.randomUUID(),
      });
      expect(placed.body.code, placed.body.msg).toBe(10000);
      const orderId = placed.body.data.order_id as number;
      // Checkout records the activities that priced the order: the report reads them.
      const [row] = rowsOf<{ ids: number[] }>(
        await db().execute(sql`select activity_ids as ids from orders where id = ${orderId}`),
      );
      expect(row!.ids).toContain(m.id);
      return orderId;
    };
    const kept = await place();
    const cancelled = await place();
    expect((await demo.post(`/api/order/${cancelled}/cancel`, { reason: '不要了' })).body.code).toBe(10000);
    const today = chinaDate(t.clock.now);
    await db().execute(sql`insert into activity_taps (activity_id, day, taps) values (${m.id}, ${today}, 3)`);
    const [o] = rowsOf<{ goods_amount: number; manjian_amount: number }>(
      await db().execute(sql`select goods_amount, manjian_amount from orders where id = ${kept}`),
    );
    expect(o!.manjian_amount).toBe(500);
    const r = (await finance.get(`/api/admin/activities/${m.id}/report`)).body.data;
    expect(r).toMatchObject({
      activity: { id: m.id, name: '报表满50减5', orders: 1 },
      orders: 1,
      buyers: 1,
      goods_amount: (o!.goods_amount / 100).toFixed(2),
      discount_given: '5.00',
      cashback_credited: '0.00',
      cashback_reversed: '0.00',
      taps: 3,
      by_day: [{ day: today, orders: 1, amount: (o!.goods_amount / 100).toFixed(2), taps: 3 }],
    });
    expect((await finance.get('/api/admin/activities?keyword=报表满50减5')).body.data.list[0].orders).toBe(1);
  });

  it('reports 满返 cashback credited and taken back', async () => {
    const mf = await create({ kind: 'manfan', name: '报表满返', tiers: [{ amount: '100', value: '10' }] });
    const memberId = rowsOf<{ id: number }>(
      await db().execute(sql`select id from members where username = 'demo'`),
    )[0]!.id;
    await db().execute(sql`
      insert into cashbacks (order_id, member_id, activity_id, eligible_amount, tiers, amount, reversed, status)
      values (900001, ${memberId}, ${mf.id}, 20000, '[]', 1000, 200, 'credited'),
             (900002, ${memberId}, ${mf.id}, 15000, '[]', 1000, 0, 'pending'),
             (900003, ${memberId}, ${mf.id}, 15000, '[]', 1000, 0, 'cancelled')`);
    const r = (await op.get(`/api/admin/activities/${mf.id}/report`)).body.data;
    expect(r).toMatchObject({
      orders: 0,
      cashback_pending: '10.00',
      cashback_credited: '10.00',
      cashback_reversed: '2.00',
      discount_given: '0.00',
      by_day: [],
    });
    expect((await op.get('/api/admin/activities/999999/report')).status).toBe(404);
  });
});

describe('combinations (/api/admin/combinations)', () => {
  const combo = (over: Record<string, unknown> = {}) => ({
    name: '感冒组合',
    price: '35.00',
    items: [
      { goods_id: f.ibuprofen, number: 1 },
      { goods_id: f.amoxicillin, number: 1 },
    ],
    start_time: at(-1),
    end_time: at(30),
    ...over,
  });

  it('creates, edits, takes off sale and lists', async () => {
    const r = await op.post('/api/admin/combinations', combo());
    expect(r.body.code, r.body.msg).toBe(10000);
    const c = r.body.data;
    expect(c).toMatchObject({
      name: '感冒组合',
      price: '35.00',
      original_amount: '37.90',
      on_sale: 1,
      status_text: '销售中',
      orders: 0,
    });
    expect(c.items.map((i: { goods: { name: string } }) => i.goods.name)).toEqual([
      '布洛芬缓释胶囊',
      '阿莫西林胶囊',
    ]);
    const edited = await put(
      op,
      `/api/admin/combinations/${c.id}`,
      combo({
        name: '感冒组合（两盒）',
        price: '60.00',
        items: [
          { goods_id: f.ibuprofen, number: 2 },
          { goods_id: f.amoxicillin, number: 1 },
        ],
      }),
    );
    expect(edited.body.data).toMatchObject({
      name: '感冒组合（两盒）',
      price: '60.00',
      original_amount: '62.90',
    });
    const off = await put(op, `/api/admin/combinations/${c.id}/on_sale`, { on_sale: 0 });
    expect(off.body).toMatchObject({ msg: '已下架', data: { on_sale: 0, status_text: '已下架' } });
    const list = (await finance.get('/api/admin/combinations?keyword=感冒组合')).body.data;
    expect(list.list.map((x: { id: number; on_sale: number }) => [x.id, x.on_sale])).toEqual([[c.id, 0]]);
    const actions = rowsOf<{ action: string }>(
      await db().execute(
        sql`select action from operator_audit where entity = 'combination' and entity_id = ${String(c.id)} order by id`,
      ),
    ).map((x) => x.action);
    expect(actions).toEqual(['combination.create', 'combination.update', 'combination.off_sale']);
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['one goods', { items: [{ goods_id: 1, number: 1 }] }, 422, '一个组合至少包含两个商品'],
    [
      'a goods twice',
      {
        items: [
          { goods_id: 1, number: 1 },
          { goods_id: 1, number: 2 },
        ],
      },
      422,
      '组合商品不能重复',
    ],
    ['a zero price', { price: '0' }, 422, '组合价必须大于0'],
    ['a price above the items', { price: '38.00' }, 422, '组合价不能高于单买合计 ¥37.90'],
    ['an empty window', { end_time: at(-1) }, 422, '结束时间必须晚于开始时间'],
  ])('refuses %s', async (_label, over, status, msg) => {
    const r = await op.post('/api/admin/combinations', combo(over));
    expect(r).toMatchObject({ status, body: { msg } });
  });

  it('refuses unknown goods and an unknown combination', async () => {
    const r = await op.post(
      '/api/admin/combinations',
      combo({
        items: [
          { goods_id: f.ibuprofen, number: 1 },
          { goods_id: 999_999, number: 1 },
        ],
      }),
    );
    expect(r).toMatchObject({ status: 422, body: { msg: '商品不存在（ID 999999）' } });
    expect((await put(op, '/api/admin/combinations/999999', combo())).status).toBe(404);
    expect((await put(op, '/api/admin/combinations/999999/on_sale', { on_sale: 1 })).status).toBe(404);
  });
});
