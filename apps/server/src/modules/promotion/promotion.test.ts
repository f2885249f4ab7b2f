import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { members } from '../account/schema.js';
import { createActivity } from '../activity/service.js';
import { cartFixture } from '../cart/fixtures.js';
import { loadCart } from '../cart/load.js';
import { priceLoaded } from '../cart/state.js';
import { couponLinesFor } from '../../flows/checkout/coupons.js';
import { createCategory, createGoods, type NewGoods } from '../catalog/service.js';
import {
  categoryAncestors,
  consumeCoupons,
  createCouponTemplate,
  grantCoupon,
  heldCoupons,
  lockCoupon,
  releaseCoupons,
  type NewCouponTemplate,
} from './service.js';

let t: TestApp;
let demo: Client;
let bj: Client;
const DAY = 86_400_000;
const db = () => t.ctx.database.db;
const ids = { demo: 0, bj: 0 };
const cat = { root: 0, child: 0, other: 0 };
const goodsIds = { herbal: 0, device: 0 };
/** Member coupon ids by template name. */
const mine = new Map<string, number>();

async function member(username: string) {
  const c = new Client(t.app);
  await c.login(username, 'demo123456');
  return c;
}

async function give(
  memberId: number,
  tpl: Omit<NewCouponTemplate, 'validFrom' | 'validTo'> & Partial<NewCouponTemplate>,
) {
  const now = t.clock.now;
  const id = await grantCoupon(
    db(),
    memberId,
    await createCouponTemplate(db(), {
      validFrom: new Date(now.getTime() - DAY),
      validTo: new Date(now.getTime() + 30 * DAY),
      ...tpl,
    }),
    now,
  );
  if (memberId === ids.demo) mine.set(tpl.name, id);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now;
  await seedAccounts(db(), now);
  for (const r of await db().select({ id: members.id, username: members.username }).from(members)) {
    if (r.username === 'demo') ids.demo = r.id;
    if (r.username === 'demo_bj') ids.bj = r.id;
  }
  const f = await cartFixture(db());
  cat.root = await createCategory(db(), { name: '中成药' });
  cat.child = await createCategory(db(), { name: '清热解毒', parentId: cat.root });
  cat.other = await createCategory(db(), { name: '医疗器械' });
  const goods = (name: string, categoryId: number, price: number, scopeClass: string): NewGoods => ({
    name,
    ypgg: '10袋',
    sccj: '华润三九医药股份有限公司',
    scopeClass,
    categoryId,
    ckId: f.ckId,
    basePrice: price + 500,
    price,
    lots: [{ batchNo: 'P1', producedOn: '2025-06-01', expiresOn: '2028-06-01', quantity: 500 }],
  });
  goodsIds.herbal = await createGoods(db(), goods('板蓝根颗粒', cat.child, 10_000, '中成药'));
  goodsIds.device = await createGoods(db(), goods('医用外科口罩', cat.other, 5_000, '第二类医疗器械'));
  await createActivity(db(), {
    kind: 'manjian',
    name: '满500减20',
    rules: { tiers: [{ amount: 50_000, reduce: 2_000 }] },
    startsAt: new Date(now.getTime() - DAY),
    endsAt: new Date(now.getTime() + 30 * DAY),
  });
  // seedAccounts gave demo 满100减10, 满500享95折 (threshold 500) and a 5元现金券 for 60 days.
  await give(ids.demo, {
    name: '中成药95折',
    kind: 'discount',
    rate: 950,
    scope: 'categories',
    scopeIds: [cat.root],
  });
  await give(ids.demo, {
    name: '器械满200减20',
    kind: 'manjian',
    threshold: 20_000,
    amount: 2_000,
    scope: 'goods',
    scopeIds: [goodsIds.device],
  });
  await give(ids.demo, { name: '20元现金券', kind: 'cash', amount: 2_000 });
  await give(ids.demo, {
    name: '已过期满50减5',
    kind: 'manjian',
    threshold: 5_000,
    amount: 500,
    validFrom: new Date(now.getTime() - 30 * DAY),
    validTo: new Date(now.getTime() - DAY),
  });
  await give(ids.demo, {
    name: '未开始满50减5',
    kind: 'manjian',
    threshold: 5_000,
    amount: 500,
    validFrom: new Date(now.getTime() + DAY),
  });
  await consumeCoupons(
    db(),
    [await give(ids.demo, { name: '已使用满50减5', kind: 'manjian', threshold: 5_000, amount: 500 })],
    1,
    now,
  );
  await give(ids.bj, { name: '分店满100减10', kind: 'manjian', threshold: 10_000, amount: 1_000 });
  demo = await member('demo');
  bj = await member('demo_bj');
});
afterAll(() => t.close());

const names = (list: { name: string }[]) => list.map((c) => c.name);
const available = (query: string, c: Client = demo) => c.get(`/api/user/availableCoupon${query}`);

async function cartLine(c: Client, goodsId: number, number: number): Promise<number> {
  const added = await c.post('/api/cart', { params: [{ goods_id: goodsId, number }] });
  return (added.body.data.lines as { id: number; goods_id: number }[]).find((l) => l.goods_id === goodsId)!
    .id;
}

describe('GET /api/user/availableCoupon without a selection', () => {
  it('lists the usable 优惠券, the first to expire first, never expired, future or used ones', async () => {
    const { body } = await available('?type=1');
    expect(body.code).toBe(10000);
    expect(names(body.data.list)).toEqual(['中成药95折', '器械满200减20', '满100减10', '满500享95折']);
    expect(body.data).toMatchObject({ total: 4, page: 1, total_page: 1 });
    expect(body.data.list[2]).toEqual({
      id: expect.any(Number),
      name: '满100减10',
      kind: 'manjian',
      kind_text: '满减',
      threshold: '100.00',
      amount: '10.00',
      rate: 1000,
      scope_text: '全场通用',
      valid_from: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      valid_to: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      text: '满100.00减10.00',
      usable: 1,
      reason: '',
      discount: '0.00',
    });
    expect(body.data.list[0]).toMatchObject({
      text: '9.5折',
      rate: 950,
      scope_text: '指定分类',
      amount: '0.00',
    });
    expect(body.data.list[1]).toMatchObject({ scope_text: '指定商品' });
    expect(body.data.list[3]).toMatchObject({ text: '满500.00享9.5折', kind_text: '折扣' });
  });

  it('lists cash vouchers for type 2 and pages', async () => {
    expect(names((await available('?type=2')).body.data.list)).toEqual(['20元现金券', '5元现金券']);
    const page2 = (await available('?type=1&page=2&page_size=3')).body.data;
    expect(page2).toMatchObject({ total: 4, page: 2, page_size: 3, total_page: 2 });
    expect(names(page2.list)).toEqual(['满500享95折']);
    expect((await available('?type=2')).body.data.list[0]).toMatchObject({
      text: '现金券20.00元',
      kind_text: '现金券',
    });
  });

  it('shows each member only their own coupons', async () => {
    expect(names((await available('?type=1', bj)).body.data.list)).toEqual(['分店满100减10']);
  });

  it.each([
    ['?type=3', '优惠券类型有误'],
    ['?ids=abc', 'ID必须是正整数'],
    ['?page=0', '页码不能小于1'],
  ])('%s → 422 %s', async (query, msg) => {
    const res = await available(query);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(msg);
  });

  it('needs a member session', async () => {
    expect((await available('', new Client(t.app))).status).toBe(401);
  });
});

describe('GET /api/user/availableCoupon priced for cart lines', () => {
  let herbal = 0;
  let device = 0;
  beforeAll(async () => {
    herbal = await cartLine(demo, goodsIds.herbal, 5); // 500.00, reaches 满500减20
    device = await cartLine(demo, goodsIds.device, 2); // 100.00
  });

  it('prices each coupon for the lines chosen: usable first by discount, with reasons', async () => {
    const { body } = await available(`?type=1&ids=${herbal}`);
    // 500.00 less its 满减 share 20.00 = 480.00 in every coupon's eyes.
    expect(
      body.data.list.map((c: { name: string; usable: number; discount: string; reason: string }) => [
        c.name,
        c.usable,
        c.discount,
        c.reason,
      ]),
    ).toEqual([
      ['中成药95折', 1, '24.00', ''],
      ['满100减10', 1, '10.00', ''],
      // Unusable ones keep the held order: the first to expire first.
      ['器械满200减20', 0, '0.00', '所选商品不在该券的适用范围内'],
      ['满500享95折', 0, '0.00', '适用商品还差20.00元可用'],
    ]);
  });

  it('counts every chosen line, each coupon only on its scope', async () => {
    const { body } = await available(`?type=1&ids[]=${herbal}&ids[]=${device}`);
    // 600.00 reaches 满500减20: shares 16.67 / 3.33, leaving 483.33 and 96.67.
    expect(
      body.data.list.map((c: { name: string; usable: number; discount: string; reason: string }) => [
        c.name,
        c.usable,
        c.discount,
        c.reason,
      ]),
    ).toEqual([
      ['满500享95折', 1, '29.00', ''],
      ['中成药95折', 1, '24.17', ''],
      ['满100减10', 1, '10.00', ''],
      ['器械满200减20', 0, '0.00', '适用商品还差103.33元可用'],
    ]);
  });

  it('prices cash vouchers too', async () => {
    const { body } = await available(`?type=2&ids=${device}`);
    expect(body.data.list.map((c: { name: string; discount: string }) => [c.name, c.discount])).toEqual([
      ['20元现金券', '20.00'],
      ['5元现金券', '5.00'],
    ]);
  });

  it('builds the coupon lines of a whole cart in one query', async () => {
    const now = t.clock.now;
    const cart = await loadCart(db(), ids.demo, now);
    const priced = priceLoaded(cart, now, new Set([herbal]));
    const before = t.ctx.database.stats.statements;
    const lines = await couponLinesFor(db(), cart, priced);
    expect(t.ctx.database.stats.statements - before).toBe(1);
    expect(lines).toEqual([
      { goodsId: goodsIds.herbal, categoryIds: [cat.child, cat.root], base: 48_000, promotional: false },
      { goodsId: goodsIds.device, categoryIds: [cat.other], base: 0, promotional: false },
    ]);
  });

  it('refuses another member’s cart lines with 404', async () => {
    const theirs = await cartLine(bj, goodsIds.herbal, 1);
    const res = await available(`?type=1&ids=${herbal},${theirs}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ msg: '购物车中没有该商品', data: { ids: [theirs] } });
    expect((await available('?type=1&ids=999999')).status).toBe(404);
  });
});

describe('coupon services', () => {
  it('resolves each category to itself and its ancestors in one query', async () => {
    const before = t.ctx.database.stats.statements;
    const paths = await categoryAncestors(db(), [cat.child, cat.root, cat.other, 999_999]);
    expect(t.ctx.database.stats.statements - before).toBe(1);
    expect(paths.get(cat.child)).toEqual([cat.child, cat.root]);
    expect(paths.get(cat.root)).toEqual([cat.root]);
    expect(paths.get(cat.other)).toEqual([cat.other]);
    expect(paths.has(999_999)).toBe(false);
    expect((await categoryAncestors(db(), [])).size).toBe(0);
  });

  it('locks only an owned, unused, valid coupon of the right slot', async () => {
    const now = t.clock.now;
    const lock = (memberId: number, id: number, slot: 'coupon' | 'voucher') =>
      db().transaction((tx) => lockCoupon(tx, memberId, id, slot, now));
    expect(await lock(ids.demo, await idOf('满100减10'), 'coupon')).toMatchObject({
      name: '满100减10',
      kind: 'manjian',
      threshold: 10_000,
      amount: 1_000,
    });
    expect(await lock(ids.bj, await idOf('满100减10'), 'coupon')).toBeNull();
    expect(await lock(ids.demo, mine.get('20元现金券')!, 'coupon')).toBeNull();
    expect(await lock(ids.demo, mine.get('20元现金券')!, 'voucher')).toMatchObject({
      kind: 'cash',
      amount: 2_000,
    });
    expect(await lock(ids.demo, mine.get('已过期满50减5')!, 'coupon')).toBeNull();
    expect(await lock(ids.demo, mine.get('未开始满50减5')!, 'coupon')).toBeNull();
    expect(await lock(ids.demo, mine.get('已使用满50减5')!, 'coupon')).toBeNull();
  });

  it('consumes coupons for an order and releases them when the order is cancelled', async () => {
    const now = t.clock.now;
    const used = [mine.get('中成药95折')!, mine.get('20元现金券')!];
    await db().transaction((tx) => consumeCoupons(tx, used, 4242, now));
    expect(names(await heldCoupons(db(), ids.demo, now, 'coupon'))).not.toContain('中成药95折');
    expect(await heldCoupons(db(), ids.demo, now, 'voucher')).toHaveLength(1);
    await db().transaction((tx) => releaseCoupons(tx, 4242));
    expect(names(await heldCoupons(db(), ids.demo, now, 'coupon'))).toContain('中成药95折');
    expect(await heldCoupons(db(), ids.demo, now, 'voucher')).toHaveLength(2);
    // The coupon used by another order stays used.
    expect(
      await db().transaction((tx) => lockCoupon(tx, ids.demo, mine.get('已使用满50减5')!, 'coupon', now)),
    ).toBeNull();
  });
});

async function idOf(name: string): Promise<number> {
  const held = await heldCoupons(db(), ids.demo, t.clock.now, 'coupon');
  return held.find((c) => c.name === name)!.id;
}
