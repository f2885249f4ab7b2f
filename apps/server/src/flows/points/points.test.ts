// The points mall (issue 13 items 3, 6, 8, 9): browsing, redeeming in one transaction with
// the idempotency key, the races on gift stock and on points, /jfdd with shipping, and the
// back office's gifts, shipping and cancelling with points and stock put back.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { cloneBuyers, type Buyer } from '../../modules/order/fixtures.js';
import { changePoints } from '../../modules/wallet/service.js';

let t: TestApp;
let admin: Client;
let demo: Client;
let demoId: number;
let addressId: number;

const db = () => t.ctx.database.db;
const give = (memberId: number, points: number) =>
  db().transaction((tx) => changePoints(tx, memberId, points, '测试发放', null, t.clock.now));
const pointsOf = async (memberId: number) =>
  rowsOf<{ points: number }>(await db().execute(sql`select points from members where id = ${memberId}`))[0]!
    .points;
const giftRow = async (id: number) =>
  rowsOf<{ stock: number; redeemed: number }>(
    await db().execute(sql`select stock, redeemed from points_goods where id = ${id}`),
  )[0]!;

async function newGift(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/api/admin/points/goods', { image: '/img/gift.png', ...body });
  expect(res.body).toMatchObject({ code: 10000, msg: '礼品已创建' });
  return res.body.data.id as number;
}

const key = () => crypto.randomUUID();
const redeemAs = (b: Buyer, goodsId: number, number = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/points/redeem',
    headers: {
      authorization: `Bearer ${b.token}`,
      'content-type': 'application/json',
      'idempotency-key': key(),
    },
    payload: { goods_id: goodsId, number, address_id: b.addressId },
  });

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
  admin = new Client(t.app, '10.40.0.1');
  expect(
    (await admin.post('/api/admin/login', { username: 'admin', password: 'admin123456' })).body.code,
  ).toBe(10000);
  demo = new Client(t.app, '10.40.0.2');
  await demo.login('demo', 'demo123456');
  const [m] = rowsOf<{ id: number; address_id: number }>(
    await db()
      .execute(sql`select m.id, a.id as address_id from members m join member_addresses a on a.member_id = m.id
      where m.username = 'demo'`),
  );
  demoId = m!.id;
  addressId = m!.address_id;
});
afterAll(() => t.close());

describe('browsing the mall', () => {
  it('shows visitors the gifts on sale with their stock state, without affordability', async () => {
    const plenty = await newGift({ name: '医用口罩（50只）', points: 200, stock: 100, sort: 9 });
    const few = await newGift({ name: '电子体温计', points: 900, stock: 3, sort: 5 });
    const off = await newGift({ name: '下架礼品', points: 10, stock: 5, on_sale: 0 });
    const visitor = new Client(t.app, '10.40.0.3');
    const res = await visitor.get('/api/points/goods?page_size=100');
    expect(res.body.code).toBe(10000);
    expect(res.body.data.my_points).toBeNull();
    const ids = (res.body.data.list as { id: number }[]).map((g) => g.id);
    expect(ids).toContain(plenty);
    expect(ids).not.toContain(off);
    expect(ids.indexOf(plenty)).toBeLessThan(ids.indexOf(few));
    expect(res.body.data.list.find((g: { id: number }) => g.id === few)).toMatchObject({
      name: '电子体温计',
      points: 900,
      stock: 3,
      stock_state: 'low',
      stock_text: '库存紧张',
      affordable: 0,
      image: '/img/gift.png',
    });
    expect((await visitor.get(`/api/points/goods/${plenty}`)).body.data).toMatchObject({
      stock_state: 'in_stock',
    });
    expect((await visitor.get(`/api/points/goods/${off}`)).body).toMatchObject({
      code: 404,
      msg: '礼品不存在或已下架',
    });
  });

  it('tells a member what their points cover', async () => {
    await give(demoId, 500);
    const res = await demo.get('/api/points/goods?page_size=100');
    expect(res.body.data.my_points).toBe(500);
    const by = (name: string) => res.body.data.list.find((g: { name: string }) => g.name === name);
    expect(by('医用口罩（50只）').affordable).toBe(1);
    expect(by('电子体温计').affordable).toBe(0);
    const only = await demo.get('/api/points/goods?affordable=1&page_size=100');
    expect(only.body.data.list.every((g: { points: number }) => g.points <= 500)).toBe(true);
  });
});

describe('redeeming', () => {
  it('asks a visitor to log in and checks the form', async () => {
    const visitor = new Client(t.app, '10.40.0.4');
    expect((await visitor.post('/api/points/redeem', { goods_id: 1, address_id: 1 })).body.code).toBe(10001);
    const bad = await demo.post('/api/points/redeem', { idempotency_key: key() });
    expect(bad.body).toMatchObject({ code: 422, msg: '请选择礼品' });
    const noKey = await demo.post('/api/points/redeem', { goods_id: 1, address_id: addressId });
    expect(noKey.body).toMatchObject({ code: 422, msg: '缺少请求标识，请刷新页面后重新提交' });
  });

  it('takes points, stock and writes a points order awaiting shipment, once per key', async () => {
    const gift = await newGift({ name: '血压计', points: 150, stock: 10, per_member: 3 });
    const before = await pointsOf(demoId);
    const k = key();
    const body = { goods_id: gift, number: 2, address_id: addressId, idempotency_key: k };
    const res = await demo.post('/api/points/redeem', body);
    expect(res.body).toMatchObject({
      code: 10000,
      msg: '兑换成功',
      data: { points: 300, points_left: before - 300, status: 1, status_text: '待发货' },
    });
    const orderId = res.body.data.order_id as number;
    // A retry with the same key answers the same order and takes nothing more.
    const again = await demo.post('/api/points/redeem', body);
    expect(again.body.data.order_id).toBe(orderId);
    expect(await pointsOf(demoId)).toBe(before - 300);
    expect(await giftRow(gift)).toEqual({ stock: 8, redeemed: 2 });
    const other = await demo.post('/api/points/redeem', { ...body, number: 1 });
    expect(other.body.code).toBe(409);
    // The points log explains the balance, naming the order.
    const [log] = rowsOf<{ points: number; reason: string; points_after: number }>(
      await db().execute(
        sql`select points, reason, points_after from points_logs where member_id = ${demoId} order by id desc limit 1`,
      ),
    );
    expect(log).toEqual({
      points: -300,
      reason: `积分兑换 ${res.body.data.order_no}`,
      points_after: before - 300,
    });
    // /jfdd: the order with its address, then its tracking once shipped.
    const list = await demo.get('/api/points/orders');
    expect(list.body.data.list[0]).toMatchObject({
      id: orderId,
      status_text: '待发货',
      points: 300,
      lines: [{ gift_id: gift, name: '血压计', number: 2, points: 300 }],
      address: { consignee: '王建国', phone: '13800138000' },
      carrier: '',
    });
    expect((await demo.get('/api/order/points')).body.data.list[0]).toMatchObject({
      id: orderId,
      points: 300,
    });
    const shipped = await admin.post(`/api/admin/points/orders/${orderId}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
    });
    expect(shipped.body).toMatchObject({
      code: 10000,
      data: { status_text: '已发货', tracking_no: 'SF1234567890' },
    });
    expect((await demo.get('/api/points/orders')).body.data.list[0]).toMatchObject({
      status_text: '已发货',
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
    });
    const msg = await demo.get('/api/user/message');
    expect(JSON.stringify(msg.body.data)).toContain('积分订单已发货');
    // Shipped: no cancel any more.
    const late = await admin.post(`/api/admin/points/orders/${orderId}/cancel`, { reason: '缺货' });
    expect(late.body).toMatchObject({ code: 400, msg: '积分订单已发货，不能取消' });
  });

  it.each([
    ['an address of another member', { address_id: 999999 }, 1000, '收货地址不存在，请重新选择'],
    ['more than the stock', { number: 9 }, 1000, '库存不足，仅剩8件'],
    ['too few points', { number: 1 }, 50, '积分不足，需要100积分，当前50积分'],
  ] as const)('refuses %s and changes nothing', async (_what, change, points, msg) => {
    const gift = await newGift({ name: '定制药箱', points: 100, stock: 8 });
    const delta = points - (await pointsOf(demoId));
    if (delta !== 0) await give(demoId, delta);
    const res = await demo.post('/api/points/redeem', {
      goods_id: gift,
      address_id: addressId,
      ...change,
      idempotency_key: key(),
    });
    expect(res.body.msg).toBe(msg);
    expect(await giftRow(gift)).toEqual({ stock: 8, redeemed: 0 });
    expect(await pointsOf(demoId)).toBe(points);
  });

  it('holds the per-member limit across orders and refuses gifts off sale', async () => {
    await give(demoId, 10_000);
    const gift = await newGift({ name: '话费券 10元', points: 100, stock: 50, per_member: 2 });
    const go = (number: number) =>
      demo.post('/api/points/redeem', {
        goods_id: gift,
        number,
        address_id: addressId,
        idempotency_key: key(),
      });
    expect((await go(2)).body.code).toBe(10000);
    expect((await go(1)).body.msg).toBe('每人限兑2件，您已兑满');
    await admin.post(`/api/admin/points/goods/${gift}`, {
      name: '话费券 10元',
      points: 100,
      stock: 48,
      on_sale: 0,
    });
    expect((await go(1)).body.msg).toBe('该礼品已下架');
  });
});

describe('races', () => {
  let buyers: Buyer[];
  beforeAll(async () => {
    buyers = await cloneBuyers(db(), 30, 'pm');
    await db().execute(
      sql`update members set points = 1000 where id = any(${sql.param(buyers.map((b) => b.memberId))}::int[])`,
    );
  });

  it('30 members racing for a gift with 5 in stock: exactly 5 win, the others are told 已兑完', async () => {
    const gift = await newGift({ name: '电饭煲', points: 800, stock: 5 });
    const replies = await Promise.all(buyers.map((b) => redeemAs(b, gift)));
    const won = replies.filter((r) => r.json().code === 10000);
    expect(won).toHaveLength(5);
    expect(replies.filter((r) => r.json().code !== 10000).every((r) => r.json().msg === '该礼品已兑完')).toBe(
      true,
    );
    expect(await giftRow(gift)).toEqual({ stock: 0, redeemed: 5 });
    const [n] = rowsOf<{ orders: number; spent: number }>(
      await db()
        .execute(sql`select count(distinct o.id)::int as orders, coalesce(sum(o.points_amount), 0)::int as spent
        from orders o join order_lines l on l.order_id = o.id where o.kind = 'points' and l.points_goods_id = ${gift}`),
    );
    expect(n).toEqual({ orders: 5, spent: 4000 });
  });

  it('a member with points for one redemption trying 5 at once gets exactly one', async () => {
    const gift = await newGift({ name: '家用药箱', points: 600, stock: 100 });
    const b = buyers[29]!;
    await db().execute(sql`update members set points = 1000 where id = ${b.memberId}`);
    const replies = await Promise.all([0, 1, 2, 3, 4].map(() => redeemAs(b, gift)));
    expect(replies.filter((r) => r.json().code === 10000)).toHaveLength(1);
    expect(replies.filter((r) => r.json().msg === '积分不足，需要600积分，当前400积分')).toHaveLength(4);
    expect(await pointsOf(b.memberId)).toBe(400);
    expect(await giftRow(gift)).toEqual({ stock: 99, redeemed: 1 });
  });
});

describe('the back office', () => {
  it('lists, edits and validates gifts, with an audit row per write', async () => {
    const bad = await admin.post('/api/admin/points/goods', { name: '', points: 0 });
    expect(bad.body).toMatchObject({ code: 422, msg: '请输入礼品名称' });
    const linked = await admin.post('/api/admin/points/goods', {
      name: 'x',
      points: 1,
      stock: 1,
      goods_id: 999999,
    });
    expect(linked.body).toMatchObject({ code: 422, msg: '关联商品不存在' });
    const id = await newGift({ name: '保温杯', points: 300, stock: 20 });
    const edit = await admin.post(`/api/admin/points/goods/${id}`, {
      name: '保温杯 500ml',
      points: 350,
      stock: 25,
      per_member: 1,
      on_sale: 1,
      description: '不锈钢',
    });
    expect(edit.body.data).toMatchObject({
      name: '保温杯 500ml',
      points: 350,
      stock: 25,
      per_member: 1,
      on_sale: 1,
    });
    const list = await admin.get('/api/admin/points/goods?keywords=保温杯');
    expect(list.body.data).toMatchObject({ total: 1, list: [{ id, description: '不锈钢' }] });
    expect(
      (await admin.get('/api/admin/points/goods?on_sale=0')).body.data.list.every(
        (g: { on_sale: number }) => g.on_sale === 0,
      ),
    ).toBe(true);
    const audit = await admin.get('/api/admin/audit?page_size=5');
    expect(JSON.stringify(audit.body.data)).toContain('修改积分礼品 保温杯 500ml');
  });

  it('cancels a points order awaiting shipment: points and stock back in one go, the member told', async () => {
    await give(demoId, 1000);
    const gift = await newGift({ name: '退回测试礼品', points: 250, stock: 4 });
    const before = await pointsOf(demoId);
    const r = await demo.post('/api/points/redeem', {
      goods_id: gift,
      number: 2,
      address_id: addressId,
      idempotency_key: key(),
    });
    const orderId = r.body.data.order_id as number;
    // The goods orders' cancel calls (the buyer's and the back office's) refuse it, taking
    // nothing: only the points journey gives back points and gift stock.
    const refusal = '积分订单请在“积分订单”中取消，积分和礼品库存将一并退回';
    expect((await demo.post(`/api/order/${orderId}/cancel`, { reason: '不要了' })).body.msg).toBe(refusal);
    expect((await admin.post(`/api/admin/orders/${orderId}/cancel`, { reason: '客户要求' })).body.msg).toBe(
      refusal,
    );
    expect(await pointsOf(demoId)).toBe(before - 500);
    const orders = await admin.get('/api/admin/points/orders?status=1');
    expect(
      orders.body.data.list.some((o: { id: number; company: string }) => o.id === orderId && o.company),
    ).toBe(true);
    const res = await admin.post(`/api/admin/points/orders/${orderId}/cancel`, { reason: '礼品缺货' });
    expect(res.body).toMatchObject({
      code: 10000,
      msg: '已取消，退回500积分',
      data: { status_text: '已取消' },
    });
    expect(await pointsOf(demoId)).toBe(before);
    expect(await giftRow(gift)).toEqual({ stock: 4, redeemed: 0 });
    const again = await admin.post(`/api/admin/points/orders/${orderId}/cancel`, { reason: '礼品缺货' });
    expect(again.body.msg).toBe('订单已取消');
    expect((await demo.get('/api/points/orders?status=4')).body.data.list[0]).toMatchObject({
      id: orderId,
      cancel_reason: '客服取消：礼品缺货',
    });
    // The points log still explains the balance: every row's points sum to it.
    const [sum] = rowsOf<{ s: number }>(
      await db().execute(
        sql`select coalesce(sum(points), 0)::int as s from points_logs where member_id = ${demoId}`,
      ),
    );
    expect(sum!.s).toBe(await pointsOf(demoId));
    const ship = await admin.post(`/api/admin/points/orders/${orderId}/ship`, {
      carrier: '顺丰',
      tracking_no: 'SF000001',
    });
    expect(ship.body.msg).toBe('订单已取消，不能发货');
  });

  it('answers 404 for a goods order on the points calls', async () => {
    const [o] = rowsOf<{ id: number }>(
      await db().execute(sql`select id from orders where kind = 'goods' limit 1`),
    );
    const id = o?.id ?? 999999;
    expect((await admin.post(`/api/admin/points/orders/${id}/cancel`, { reason: 'x' })).body.code).toBe(404);
  });
});
