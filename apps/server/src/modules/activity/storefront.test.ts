// The storefront's activity calls (docs/api/activity.md "Storefront calls"): the activity pages
// (info, list), the daily specials, the spike floor, the posters and template banners, the
// combinations, the tap counter, and a flash price in the cart with its per-buyer limit
// counted across orders. Runs on PGlite by default and on PostgreSQL in CI (DATABASE_URL).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { couponCreateSchema } from '@kc/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { rowsOf } from '../../platform/db.js';
import { cartLines } from '../cart/schema.js';
import { createGoods } from '../catalog/service.js';
import { fund, orderFixture, type OrderFixture } from '../order/fixtures.js';
import { createCouponFromInput } from '../promotion/coupon-admin.js';
import { activities } from './schema.js';
import { chinaDay, createActivity, createCombination, type NewActivity } from './service.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let f: OrderFixture;
let visitor: Client;
let demo: Client;
let pending: Client;
let addressId: number;
/** A 控销 goods released to no one: no buyer may see it. */
let hidden: number;
let flashId: number;
const db = () => t.ctx.database.db;
const now = () => t.clock.now.getTime();
const at = (ms: number) => new Date(now() + ms);
const secs = (ms: number) => Math.floor(ms / 1000);

const activity = (a: Partial<NewActivity> & Pick<NewActivity, 'kind' | 'name' | 'rules'>) =>
  createActivity(db(), { startsAt: at(-HOUR), endsAt: at(10 * DAY), ...a });

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
  f = await orderFixture(db(), t.clock.now);
  await fund(db(), 'demo', 1_000_000, t.clock.now);
  hidden = await createGoods(db(), {
    name: '控销阿司匹林肠溶片',
    ypgg: '100mg*30片',
    sccj: '拜耳医药保健有限公司',
    approvalNo: 'J20171021',
    scopeClass: '化学药制剂',
    categoryId: 1,
    ckId: f.ck1,
    basePrice: 2000,
    price: 1500,
    zones: ['kx'],
    lots: [{ batchNo: 'K1', producedOn: '2025-01-01', expiresOn: '2030-01-01', quantity: 100 }],
  });
  visitor = new Client(t.app, '10.21.0.1');
  demo = new Client(t.app, '10.21.0.2');
  pending = new Client(t.app, '10.21.0.3');
  expect((await demo.login('demo', 'demo123456')).body.code).toBe(10000);
  expect((await pending.login('pending', 'demo123456')).body.code).toBe(10000);
  addressId = (await demo.get('/api/user/address')).body.data[0].id;
  flashId = await activity({
    kind: 'flash',
    name: '限时秒杀',
    banner: '/media/1',
    description: '每人限购',
    rules: {
      items: [
        { goodsId: f.ibuprofen, price: 1990, limit: 5 },
        { goodsId: hidden, price: 1000, limit: 0 },
        { goodsId: f.scarce, price: 2400, limit: 0 },
      ],
    },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await db().delete(cartLines);
});

describe('GET /api/activity/info', () => {
  it('shows the 满返 of /hb: tiers, rules text, status and the goods it covers', async () => {
    const id = await activity({
      kind: 'manfan',
      name: '满返专场',
      url: '/hb',
      goodsIds: [f.amoxicillin, hidden, f.ibuprofen],
      rules: {
        tiers: [
          { amount: 100_000, back: 3_000 },
          { amount: 300_000, back: 12_000 },
        ],
      },
      banner: '/media/2',
      description: '满1000返30',
    });
    const res = await visitor.get('/api/activity/info?url=%2Fhb');
    expect(res.body.code).toBe(10000);
    const v = res.body.data;
    expect(v).toMatchObject({
      id,
      kind: 'manfan',
      kind_text: '满返',
      name: '满返专场',
      url: '/hb',
      banner: '/media/2',
      description: '满1000返30',
      status: 1,
      status_text: '进行中',
      now: secs(now()),
      rate: '',
      gift_text: '',
      items: [],
      coupons: [],
    });
    expect(v.tiers).toEqual([
      { amount: '1000.00', value: '30.00', text: '满1000返30' },
      { amount: '3000.00', value: '120.00', text: '满3000返120' },
    ]);
    // The covered goods the visitor may see, in the operator's order, without prices.
    expect(v.sections).toHaveLength(1);
    expect(v.sections[0].list.map((g: { id: number }) => g.id)).toEqual([f.amoxicillin, f.ibuprofen]);
    expect(v.sections[0].list[0]).toMatchObject({ price: null, price_hint: '登录可见' });
    // The same page by id, and for an approved member with prices and buy_block.
    const byId = (await demo.get(`/api/activity/info?id=${id}`)).body.data;
    expect(byId.sections[0].list[0]).toMatchObject({ id: f.amoxicillin, price: '12.90', buy_block: null });
    // 'hb' and '/hb/' name the same page.
    expect((await visitor.get('/api/activity/info?url=hb%2F')).body.data.id).toBe(id);
  });

  it('answers 404 活动暂未开始 when no activity is there, 422 for bad input', async () => {
    const none = await visitor.get('/api/activity/info?url=%2Fzqmb_none');
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 404, msg: '活动暂未开始', data: null });
    expect((await visitor.get('/api/activity/info?id=999999')).status).toBe(404);
    for (const q of [
      '',
      '?id=',
      '?id=abc',
      '?id=0',
      '?url=%2F',
      '?url=%3Cscript%3E',
      `?url=${'a'.repeat(101)}`,
    ])
      expect((await visitor.get(`/api/activity/info${q}`)).status, q).toBe(422);
  });

  it('is honest about status on the clock: 0 with the start to count to, 1, then 2', async () => {
    const saved = t.clock.now;
    try {
      const id = await activity({
        kind: 'template',
        name: '周末品牌日',
        url: '/hdmb',
        rules: { sections: [{ title: '品牌日', goodsIds: [f.amoxicillin] }], couponIds: [] },
        startsAt: at(HOUR),
        endsAt: at(3 * HOUR),
      });
      const info = async () => (await visitor.get('/api/activity/info?url=%2Fhdmb')).body.data;
      expect(await info()).toMatchObject({
        id,
        status: 0,
        status_text: '未开始',
        start_time: secs(now() + HOUR),
        now: secs(now()),
      });
      t.clock.now = at(2 * HOUR);
      expect(await info()).toMatchObject({ status: 1, status_text: '进行中', now: secs(now()) });
      t.clock.now = at(2 * HOUR);
      expect(await info()).toMatchObject({ id, status: 2, status_text: '已结束' });
    } finally {
      t.clock.now = saved;
    }
  });

  it('prefers the running activity of a url to the next to start; the list shows both, running first', async () => {
    const later = await activity({
      kind: 'template',
      name: '预告',
      url: '/yjh',
      rules: { sections: [], couponIds: [] },
      startsAt: at(3 * DAY),
    });
    const running = await activity({
      kind: 'gift',
      name: '买10赠1',
      url: '/yjh',
      goodsIds: [f.amoxicillin],
      rules: { buy: 10, give: 1, type: 1, name: '同品赠送' },
    });
    const v = (await visitor.get('/api/activity/info?url=%2Fyjh')).body.data;
    expect(v).toMatchObject({ id: running, gift_text: '买10赠1（同品赠送）', status: 1 });
    const list = (await visitor.get('/api/activity/list?url=%2Fyjh')).body.data;
    expect(list.map((a: { id: number; status: number }) => [a.id, a.status])).toEqual([
      [running, 1],
      [later, 0],
    ]);
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        'banner',
        'end_time',
        'id',
        'kind',
        'kind_text',
        'name',
        'start_time',
        'status',
        'status_text',
        'url',
      ].sort(),
    );
  });

  it('shows a template: sections the viewer may see and the coupon centre cards it offers', async () => {
    const base = {
      kind: 'manjian',
      threshold: '200.00',
      amount: '20.00',
      valid_from: '2020-01-01 00:00:00',
      valid_to: '2099-01-01 00:00:00',
      total: 100,
      published: true,
    };
    const c1 = await createCouponFromInput(
      db(),
      couponCreateSchema.parse({ ...base, name: '满200减20' }),
      null,
      t.clock.now,
    );
    const c2 = await createCouponFromInput(
      db(),
      couponCreateSchema.parse({ ...base, name: '满300减30', threshold: '300.00', amount: '30.00' }),
      null,
      t.clock.now,
    );
    const draft = await createCouponFromInput(
      db(),
      couponCreateSchema.parse({ ...base, name: '草稿', published: false }),
      null,
      t.clock.now,
    );
    const id = await activity({
      kind: 'template',
      name: '领券专场',
      url: '/activity_lq',
      rules: {
        sections: [
          { title: '推荐', goodsIds: [f.scarce, hidden, f.amoxicillin] },
          { title: '空', goodsIds: [hidden] },
        ],
        couponIds: [c2, draft, c1],
      },
    });
    const v = (await visitor.get('/api/activity/info?url=%2Factivity_lq')).body.data;
    expect(v.id).toBe(id);
    expect(
      v.sections.map((s: { title: string; list: { id: number }[] }) => [s.title, s.list.map((g) => g.id)]),
    ).toEqual([
      ['推荐', [f.scarce, f.amoxicillin]],
      ['空', []],
    ]);
    // Published coupons in the operator's order, with the caller's claim state.
    expect(v.coupons.map((c: { id: number; state: string }) => [c.id, c.state])).toEqual([
      [c2, 'login'],
      [c1, 'login'],
    ]);
    const m = (await demo.get('/api/activity/info?url=%2Factivity_lq')).body.data;
    expect(m.coupons.map((c: { state: string }) => c.state)).toEqual(['claimable', 'claimable']);
    const p = (await pending.get('/api/activity/info?url=%2Factivity_lq')).body.data;
    expect(p.sections[0].list[0]).toMatchObject({ price: null, price_hint: '审核通过后可见' });
  });
});

describe('GET /api/activity/list', () => {
  it('lists the enabled activities of ids in their order; 422 without ids or url', async () => {
    const a = await activity({
      kind: 'discount',
      name: '全场94折',
      url: '/welfare',
      rules: { ratePerMille: 940, excludedGoodsIds: [] },
    });
    const off = await activity({ kind: 'template', name: '停用', rules: { sections: [], couponIds: [] } });
    await db()
      .update(activities)
      .set({ enabled: false })
      .where(sql`id = ${off}`);
    const res = await visitor.get(`/api/activity/list?ids=${a},999999,${off},${flashId}`);
    expect(res.body.data.map((x: { id: number }) => x.id)).toEqual([a, flashId]);
    expect(res.body.data[0]).toMatchObject({ kind: 'discount', kind_text: '全场折扣', status: 1 });
    expect((await visitor.get(`/api/activity/info?id=${a}`)).body.data.rate).toBe('9.4');
    for (const q of [
      '',
      '?ids=abc',
      '?ids=0',
      `?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`,
    ])
      expect((await visitor.get(`/api/activity/list${q}`)).status, q).toBe(422);
  });
});

describe('GET /api/index/spike', () => {
  it('lists the running flash sale: goods the viewer may see, the flash price and limit, its window', async () => {
    const v = (await visitor.get('/api/index/spike')).body.data;
    const [a] = await db()
      .select()
      .from(activities)
      .where(sql`id = ${flashId}`);
    expect(v.start_time).toBe(secs(a!.startsAt.getTime()));
    expect(v.end_time).toBe(secs(a!.endsAt.getTime()));
    expect(v.list.map((g: { id: number }) => g.id)).toEqual([f.ibuprofen, f.scarce]);
    expect(v.list[0]).toMatchObject({ price: null, activity_price: null, limit: 5 });
    const m = (await demo.get('/api/index/spike')).body.data;
    expect(m.list.map((g: { activity_price: string; price: string }) => [g.activity_price, g.price])).toEqual(
      [
        ['19.90', '25.00'],
        ['24.00', '30.00'],
      ],
    );
  });
});

describe('a flash price in the cart and its per-buyer limit across orders', () => {
  const line = async () => {
    const lines = (await demo.get('/api/cart/list')).body.data.data as Record<string, any>[];
    return lines.find((l) => l.goods.id === f.ibuprofen)!;
  };
  const place = async () =>
    demo.post('/api/order', {
      address_id: addressId,
      coupon_id: 0,
      voucher_id: 0,
      idempotency_key: crypto.randomUUID(),
    });

  it('reads the units bought only for a cart holding a limited price: one statement more', async () => {
    const stats = t.ctx.database.stats;
    const listCost = async () => {
      expect((await demo.get('/api/cart/list')).status).toBe(200);
      const before = stats.statements;
      expect((await demo.get('/api/cart/list')).status).toBe(200);
      return stats.statements - before;
    };
    // A flash price without a limit (scarce) needs no count.
    await demo.post('/api/cart', {
      params: [
        { goods_id: f.amoxicillin, number: 10 },
        { goods_id: f.scarce, number: 1 },
      ],
    });
    const plain = await listCost();
    await demo.post('/api/cart', { params: [{ goods_id: f.ibuprofen, number: 1 }] });
    expect(await listCost()).toBe(plain + 1);
  });

  it('charges the flash price and counts what the buyer already bought in the window', async () => {
    expect((await demo.post('/api/cart', { params: [{ goods_id: f.ibuprofen, number: 3 }] })).body.code).toBe(
      10000,
    );
    expect(await line()).toMatchObject({
      price: '19.90',
      raw_price: '25.00',
      quantity_problem: null,
      unavailable: null,
    });
    const first = await place();
    expect(first.body.code, first.body.msg).toBe(10000);
    const [sold] = rowsOf<{ activity_id: number; unit_price: number; number: number }>(
      await db().execute(
        sql`select activity_id, unit_price, number from order_lines where order_id = ${first.body.data.order_id}`,
      ),
    );
    expect(sold).toEqual({ activity_id: flashId, unit_price: 1990, number: 3 });

    // Three more: two are left of the five, so the line is over the limit and refused.
    await demo.post('/api/cart', { params: [{ goods_id: f.ibuprofen, number: 3 }] });
    expect((await line()).quantity_problem).toBe('该商品限购2盒');
    const refused = await place();
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该商品限购2盒');

    // Two are allowed; then none is left and the line says why.
    const l = await line();
    expect((await demo.post(`/api/cart/${l.id}/edit`, { params: { number: 2 } })).body.code).toBe(10000);
    expect((await place()).body.code).toBe(10000);
    await demo.post('/api/cart', { params: [{ goods_id: f.ibuprofen, number: 1 }] });
    expect((await line()).unavailable).toEqual({
      reason: 'blocked',
      message: '限时秒杀每人限购5盒，您已购买5盒',
    });
    expect((await place()).status).toBe(400);

    // A cancelled order gives its units back.
    const cancel = await demo.post(`/api/order/${first.body.data.order_id}/cancel`, { reason: '不想要了' });
    expect(cancel.body.code, cancel.body.msg).toBe(10000);
    expect(await line()).toMatchObject({ price: '19.90', unavailable: null, quantity_problem: null });
  });
});

describe('GET /api/activity/everyday_price', () => {
  it("lists today's daily specials (every day's and today's) and when today ends", async () => {
    const day = chinaDay(now());
    const tomorrow = chinaDay(day.end).date;
    expect((await visitor.get('/api/activity/everyday_price')).body.data).toEqual({
      activity: null,
      end_time: secs(day.end),
      now: secs(now()),
      list: [],
    });
    const id = await activity({
      kind: 'special',
      name: '每日特价',
      url: '/mrtj',
      rules: {
        items: [
          { goodsId: f.amoxicillin, price: 990, limit: 20 },
          { goodsId: f.scarce, price: 2500, limit: 3, date: day.date },
          { goodsId: f.ibuprofen, price: 2000, limit: 3, date: tomorrow },
          { goodsId: hidden, price: 1000, limit: 3 },
        ],
      },
    });
    const v = (await demo.get('/api/activity/everyday_price')).body.data;
    expect(v.activity).toMatchObject({ id, kind: 'special', url: '/mrtj', status: 1 });
    expect(v.end_time).toBe(secs(day.end));
    expect(
      v.list.map((g: { id: number; activity_price: string; limit: number }) => [
        g.id,
        g.activity_price,
        g.limit,
      ]),
    ).toEqual([
      [f.amoxicillin, '9.90', 20],
      [f.scarce, '25.00', 3],
    ]);
    // The page of the special shows the same items.
    const info = (await visitor.get('/api/activity/info?url=%2Fmrtj')).body.data;
    expect(info.items.map((g: { id: number; activity_price: null }) => [g.id, g.activity_price])).toEqual([
      [f.amoxicillin, null],
      [f.scarce, null],
    ]);
  });
});

describe('POST /api/activity/tap', () => {
  it('counts taps per China day for visitors and members; 404 unknown, 422 bad id', async () => {
    const first = await visitor.post('/api/activity/tap', { id: flashId });
    expect(first.body).toMatchObject({ code: 10000, data: { taps: 1 } });
    expect((await visitor.post('/api/activity/tap', { id: flashId })).body.data).toEqual({ taps: 2 });
    expect((await demo.post('/api/activity/tap', { id: flashId })).body.data).toEqual({ taps: 3 });
    const [row] = rowsOf<{ day: string; taps: number }>(
      await db().execute(
        sql`select day::text as day, taps from activity_taps where activity_id = ${flashId}`,
      ),
    );
    expect(row).toEqual({ day: chinaDay(now()).date, taps: 3 });
    const missing = await visitor.post('/api/activity/tap', { id: 999999 });
    expect(missing.status).toBe(404);
    expect((await visitor.post('/api/activity/tap', { id: 'abc' })).status).toBe(422);
    expect((await visitor.post('/api/activity/tap', {})).status).toBe(422);
  });
});

describe('posters and template banners', () => {
  it('GET /api/focus/postList: enabled activities not ended with a banner', async () => {
    const ended = await activity({
      kind: 'template',
      name: '已结束',
      banner: '/media/9',
      rules: { sections: [], couponIds: [] },
      startsAt: at(-2 * DAY),
      endsAt: at(-DAY),
    });
    const coming = await activity({
      kind: 'template',
      name: '预告海报',
      banner: '/media/8',
      rules: { sections: [], couponIds: [] },
      startsAt: at(DAY),
    });
    const posters = (await visitor.get('/api/focus/postList')).body.data as Record<string, any>[];
    const ids = posters.map((p) => p.id);
    expect(ids).toContain(flashId);
    expect(ids).not.toContain(ended);
    expect(ids.indexOf(coming)).toBeGreaterThan(ids.indexOf(flashId));
    expect(posters.find((p) => p.id === coming)).toMatchObject({
      name: '预告海报',
      image: '/media/8',
      status: 0,
      status_text: '未开始',
    });
    expect(posters.every((p) => p.image !== '')).toBe(true);
  });

  it('GET /api/focus/demo: the running template banners, of a url when given', async () => {
    const id = await activity({
      kind: 'template',
      name: '直播专场',
      url: '/live',
      banner: '/media/7',
      rules: { sections: [], couponIds: [] },
    });
    expect((await visitor.get('/api/focus/demo?url=%2Flive')).body.data).toEqual([
      { id, url: '/live', image: '/media/7', title: '直播专场' },
    ]);
    const all = (await visitor.get('/api/focus/demo')).body.data as { id: number }[];
    expect(all.map((a) => a.id)).toContain(id);
    expect((await visitor.get('/api/focus/demo?url=%2Fnothing')).body.data).toEqual([]);
    expect((await visitor.get('/api/focus/demo?url=%3C%3E')).status).toBe(422);
  });
});

describe('GET /api/combination/list', () => {
  it('pages the combinations on sale with their goods, price, items price and saving', async () => {
    const id = await createCombination(db(), {
      name: '退热组合',
      price: 5000,
      items: [
        { goodsId: f.ibuprofen, number: 1 },
        { goodsId: f.scarce, number: 2 },
      ],
      startsAt: at(-HOUR),
      endsAt: at(DAY),
    });
    await createCombination(db(), {
      name: '含控销商品',
      price: 2000,
      items: [
        { goodsId: f.ibuprofen, number: 1 },
        { goodsId: hidden, number: 1 },
      ],
      startsAt: at(-HOUR),
      endsAt: at(DAY),
    });
    await createCombination(db(), {
      name: '已过期',
      price: 2000,
      items: [
        { goodsId: f.ibuprofen, number: 1 },
        { goodsId: f.scarce, number: 1 },
      ],
      startsAt: at(-2 * DAY),
      endsAt: at(-DAY),
    });
    const m = (await demo.get('/api/combination/list?page=1')).body.data;
    expect(m).toMatchObject({ total: 1, page: 1, total_page: 1 });
    expect(m.list[0]).toMatchObject({
      id,
      name: '退热组合',
      price: '50.00',
      raw_price: '85.00',
      saving: '35.00',
      price_hint: null,
      number: 25,
      is_buy: 1,
    });
    expect(
      m.list[0].items.map((it: { goods_id: number; number: number; goods: { id: number } }) => [
        it.goods_id,
        it.number,
        it.goods.id,
      ]),
    ).toEqual([
      [f.ibuprofen, 1, f.ibuprofen],
      [f.scarce, 2, f.scarce],
    ]);
    const v = (await visitor.get('/api/combination/list')).body.data.list[0];
    expect(v).toMatchObject({ price: null, raw_price: null, saving: null, price_hint: '登录可见' });
    expect((await visitor.get('/api/combination/list?page=0')).status).toBe(422);
  });
});
