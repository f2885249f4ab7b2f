import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { cashbackFor, manfanProgress, yuanToFen } from '@kc/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD, seedAccounts } from '../../seed/accounts.js';
import { PNG_1PX } from '../../test/account-fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { rowsOf } from '../../platform/db.js';
import { sweepOrders } from '../../flows/orders/sweep.js';
import { cartLines } from '../cart/schema.js';
import { createGoods } from '../catalog/service.js';
import { fund, orderFixture, type OrderFixture } from '../order/fixtures.js';
import { changeBalance } from '../wallet/service.js';
import { activitiesChanged, createActivity } from './service.js';

const TIERS = [
  { amount: 10_000, back: 300 },
  { amount: 50_000, back: 2_000 },
];

describe('the 满返 tier rule', () => {
  it.each([
    [0, 0],
    [9_999, 0],
    [10_000, 300],
    [49_999, 300],
    [50_000, 2_000],
    [1_000_000, 2_000],
  ])('%i fen earns %i fen', (eligible, back) => {
    expect(cashbackFor(TIERS, eligible)).toBe(back);
  });

  it.each([
    [0, '0.00', '再买¥100.00可返¥3'],
    [12_900, '3.00', '已满100元，订单完成后返3元，再买¥371.00可返¥20'],
    [50_000, '20.00', '已满500元，订单完成后返20元'],
  ])('%i fen shows back %s and "%s"', (eligible, back, text) => {
    const p = manfanProgress({ id: 1, name: '满返', tiers: TIERS, goodsIds: [] }, eligible);
    expect(p).toMatchObject({ back, text });
  });
});

let t: TestApp;
let f: OrderFixture;
let demo: Client;
let op: Client;
let addressId: number;
let memberId: number;
let manfanId: number;
const PNG = filePart(Buffer.from(PNG_1PX, 'base64'), 'photo.png', 'image/png');

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db, t.clock.now);
  f = await orderFixture(db, t.clock.now);
  memberId = await fund(db, 'demo', 1_000_000, t.clock.now);
  manfanId = await createActivity(db, {
    kind: 'manfan',
    name: '满500返20',
    url: '/hb',
    goodsIds: [f.amoxicillin, f.ibuprofen],
    rules: { tiers: TIERS },
    startsAt: new Date(t.clock.now.getTime() - 3600_000),
    endsAt: new Date(t.clock.now.getTime() + 30 * 86_400_000),
  });
  demo = new Client(t.app, '10.7.0.1');
  await demo.login('demo', 'demo123456');
  addressId = (await demo.get('/api/user/address')).body.data[0].id;
  op = new Client(t.app, '10.7.0.2');
  await op.get('/api/health');
  await op.post('/api/admin/login', { username: 'admin', password: 'admin123456' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.database.db.delete(cartLines);
});

type Stage = 'unpaid' | 'shipped' | 'received';
/** Places an order of the lines and takes it to `stage`; answers its id. */
async function order(lines: { goods_id: number; number: number }[], stage: Stage = 'received') {
  expect((await demo.post('/api/cart', { params: lines })).body.code).toBe(10000);
  const placed = await demo.post('/api/order', {
    address_id: addressId,
    coupon_id: 0,
    voucher_id: 0,
    idempotency_key: crypto.randomUUID(),
  });
  expect(placed.body.code).toBe(10000);
  const id = placed.body.data.order_id as number;
  if (stage === 'unpaid') return id;
  expect(
    (await demo.post(`/api/order/${id}/pay`, { method: 'balance', pay_password: DEMO_PAY_PASSWORD })).body
      .code,
  ).toBe(10000);
  const ship = await op.post(`/api/admin/orders/${id}/ship`, {
    carrier: '顺丰速运',
    tracking_no: `SF${id}000001`,
  });
  expect(ship.body.code).toBe(10000);
  if (stage === 'received') expect((await demo.post(`/api/order/${id}/receive`)).body.code).toBe(10000);
  return id;
}

const detail = async (id: number) => (await demo.get(`/api/order/${id}`)).body.data;
const balance = async () => yuanToFen((await demo.get('/api/user/user_money')).body.data.balance);
const moneyLog = async (useType: number) =>
  (await demo.get(`/api/user/user_money_log?use_type=${useType}&page_size=50`)).body.data.list as {
    amount: string;
    order_no: string;
    remark: string;
  }[];
const cashbackRow = async (orderId: number) =>
  rowsOf<{ status: string; amount: number; reversed: number; eligible_amount: number; activity_id: number }>(
    await t.ctx.database.db.execute(
      sql`select status, amount, reversed, eligible_amount, activity_id from cashbacks where order_id = ${orderId}`,
    ),
  )[0];
/** The balance is what the money log adds up to. */
async function expectLedgerBalanced() {
  const [row] = rowsOf<{ logged: number; balance: number }>(
    await t.ctx.database.db
      .execute(sql`select (select coalesce(sum(amount), 0)::int from money_logs where member_id = ${memberId}) as logged,
      (select balance from members where id = ${memberId}) as balance`),
  );
  expect(row!.logged).toBe(row!.balance);
}

/** Asks for, approves, receives and refunds a return of the lines; answers its return number. */
async function returnLines(orderId: number, lines: { line_id: number; number: number }[]) {
  const asked = await postMultipart(demo, `/api/order/${orderId}/return`, {
    kind: 'return',
    reason: '商品破损',
    lines,
    photos: [PNG],
  });
  expect(asked.body.code).toBe(10000);
  const id = asked.body.data.id as number;
  expect((await op.post(`/api/admin/returns/${id}/approve`)).body.code).toBe(10000);
  expect((await op.post(`/api/admin/returns/${id}/receive`)).body.code).toBe(10000);
  expect((await op.post(`/api/admin/returns/${id}/refund`)).body.code).toBe(10000);
  return asked.body.data.return_no as string;
}
const lineId = (d: { lines: { id: number; goods_id: number }[] }, goodsId: number) =>
  d.lines.find((l) => l.goods_id === goodsId)!.id;

describe('满返 progress in the cart and on the check-order page', () => {
  it('counts the selected goods in scope and says what completion brings back', async () => {
    await demo.post('/api/cart', {
      params: [
        { goods_id: f.amoxicillin, number: 10 },
        { goods_id: f.scarce, number: 5 },
      ],
    });
    const cart = (await demo.get('/api/cart/list')).body.data;
    expect(cart.activity_data.manfan).toMatchObject({
      id: manfanId,
      name: '满500返20',
      eligible_amount: '129.00',
      back: '3.00',
      next: { amount: '500.00', back: '20.00', missing: '371.00' },
      text: '已满100元，订单完成后返3元，再买¥371.00可返¥20',
    });
    expect(cart.activity_data.manfan.tiers.map((x: { status: number }) => x.status)).toEqual([1, 0]);
    const preview = (await demo.post('/api/order/preview', { coupon_id: 0, voucher_id: 0 })).body.data;
    expect(preview.activity.manfan).toMatchObject({ eligible_amount: '129.00', back: '3.00' });
  });
});

describe('满返 cashback of an order', () => {
  it('is pending when placed and credited on receipt (money log 6), once', async () => {
    const before = await balance();
    const id = await order([{ goods_id: f.amoxicillin, number: 10 }], 'shipped');
    expect(await cashbackRow(id)).toMatchObject({
      status: 'pending',
      amount: 300,
      eligible_amount: 12_900,
      activity_id: manfanId,
    });
    expect((await detail(id)).cashback).toMatchObject({
      amount: '3.00',
      status: 'pending',
      status_text: '待返',
    });
    const paid = await balance();
    expect(paid).toBe(before - yuanToFen((await detail(id)).payable));
    // Two receipts at once: the order's lock lets one complete it; the other is refused.
    const [a, b] = await Promise.all([
      demo.post(`/api/order/${id}/receive`),
      demo.post(`/api/order/${id}/receive`),
    ]);
    expect([a.body.code, b.body.code].filter((c) => c === 10000)).toHaveLength(1);
    expect(await balance()).toBe(paid + 300);
    const d = await detail(id);
    const logs = (await moneyLog(6)).filter((l) => l.order_no === d.order_no);
    expect(logs).toEqual([expect.objectContaining({ amount: '3.00', remark: '满返返现 满500返20' })]);
    expect(d.cashback).toMatchObject({ status: 'credited', status_text: '已返', amount: '3.00' });
    expect(d.events.map((e: { text: string }) => e.text)).toContain('满返返现3.00元已存入账户余额');
    expect(await cashbackRow(id)).toMatchObject({ status: 'credited', amount: 300 });
    await expectLedgerBalanced();
  });

  it('is credited when the receipt period runs out (the sweep)', async () => {
    const id = await order([{ goods_id: f.amoxicillin, number: 10 }], 'shipped');
    const before = await balance();
    const later = new Date(t.clock.now.getTime() + 11 * 86_400_000);
    expect((await sweepOrders(t.ctx.database.db, later)).received).toBeGreaterThanOrEqual(1);
    expect(await cashbackRow(id)).toMatchObject({ status: 'credited', amount: 300 });
    expect(await balance()).toBe(before + 300);
    await expectLedgerBalanced();
  });

  it('is cancelled with the order, and nothing is credited', async () => {
    const id = await order([{ goods_id: f.amoxicillin, number: 10 }], 'unpaid');
    expect(await cashbackRow(id)).toMatchObject({ status: 'pending', amount: 300 });
    expect((await demo.post(`/api/order/${id}/cancel`, { reason: '不想要了' })).body.code).toBe(10000);
    expect(await cashbackRow(id)).toMatchObject({ status: 'cancelled' });
    expect((await detail(id)).cashback).toMatchObject({ status: 'cancelled', status_text: '已取消' });
    const no = (await detail(id)).order_no;
    expect((await moneyLog(6)).filter((l) => l.order_no === no)).toEqual([]);
  });

  it('is not recorded below the lowest tier or for goods out of scope', async () => {
    const id = await order([{ goods_id: f.scarce, number: 5 }], 'unpaid');
    expect(await cashbackRow(id)).toBeUndefined();
    expect((await detail(id)).cashback).toBeNull();
  });

  it('is taken back by returns after crediting: to the lower tier, then all of it (money log 7)', async () => {
    const id = await order([
      { goods_id: f.amoxicillin, number: 10 },
      { goods_id: f.ibuprofen, number: 15 },
    ]);
    expect(await cashbackRow(id)).toMatchObject({
      status: 'credited',
      amount: 2_000,
      eligible_amount: 50_400,
    });
    const d = await detail(id);
    const before = await balance();
    // 504.00 − 12.90 = 491.10: the 100 tier (3.00) instead of the 500 one (20.00).
    await returnLines(id, [{ line_id: lineId(d, f.amoxicillin), number: 1 }]);
    expect(await balance()).toBe(before + 1_290 - 1_700);
    expect((await moneyLog(7)).filter((l) => l.order_no === d.order_no)).toEqual([
      expect.objectContaining({ amount: '-17.00' }),
    ]);
    expect((await detail(id)).cashback).toMatchObject({ status_text: '已扣回 ¥17.00', reversed: '17.00' });
    await returnLines(id, [
      { line_id: lineId(d, f.amoxicillin), number: 9 },
      { line_id: lineId(d, f.ibuprofen), number: 15 },
    ]);
    expect(await cashbackRow(id)).toMatchObject({ status: 'credited', amount: 2_000, reversed: 2_000 });
    expect((await moneyLog(7)).filter((l) => l.order_no === d.order_no).map((l) => l.amount)).toEqual([
      '-3.00',
      '-17.00',
    ]);
    expect(await balance()).toBe(before + 50_400 - 2_000);
    await expectLedgerBalanced();
  });

  it('shrinks while pending when a return comes before completion', async () => {
    const id = await order(
      [
        { goods_id: f.amoxicillin, number: 20 },
        { goods_id: f.ibuprofen, number: 10 },
      ],
      'shipped',
    );
    expect(await cashbackRow(id)).toMatchObject({ status: 'pending', amount: 2_000 });
    const d = await detail(id);
    await returnLines(id, [{ line_id: lineId(d, f.ibuprofen), number: 10 }]);
    expect(await cashbackRow(id)).toMatchObject({ status: 'pending', amount: 300, reversed: 0 });
    const before = await balance();
    expect((await demo.post(`/api/order/${id}/receive`)).body.code).toBe(10000);
    expect(await balance()).toBe(before + 300);
    expect((await moneyLog(7)).filter((l) => l.order_no === d.order_no)).toEqual([]);
    await expectLedgerBalanced();
  });

  it('never takes the balance below zero: the shortfall is on the order timeline', async () => {
    const id = await order([
      { goods_id: f.amoxicillin, number: 30 },
      { goods_id: f.ibuprofen, number: 5 },
    ]);
    expect(await cashbackRow(id)).toMatchObject({ status: 'credited', amount: 2_000 });
    // The member spends everything.
    const all = await balance();
    await t.ctx.database.db.transaction((tx) =>
      changeBalance(tx, memberId, -all, { useType: 5, remark: '测试：余额清零' }, t.clock.now),
    );
    const d = await detail(id);
    // 512.00 − 12.90 = 499.10: 17.00 to take back, 12.90 (the refund) on the balance.
    const no = await returnLines(id, [{ line_id: lineId(d, f.amoxicillin), number: 1 }]);
    expect(await balance()).toBe(0);
    expect(await cashbackRow(id)).toMatchObject({ reversed: 1_290 });
    expect((await detail(id)).events.map((e: { text: string }) => e.text)).toContain(
      `退货${no}：满返应扣回17.00元，账户余额不足，已扣回12.90元，差额4.10元未扣回`,
    );
    await expectLedgerBalanced();
    await fund(t.ctx.database.db, 'demo', 1_000_000, t.clock.now);
  });
});

describe('the activities that priced an order', () => {
  it('records 满减, 94折, the flash price and 满返 on the order and the flash line', async () => {
    const db = t.ctx.database.db;
    const now = t.clock.now.getTime();
    const window = { startsAt: new Date(now - 3600_000), endsAt: new Date(now + 86_400_000) };
    const [cat] = rowsOf<{ category_id: number; ck_id: number }>(
      await db.execute(sql`select category_id, ck_id from goods where id = ${f.amoxicillin}`),
    );
    const year = t.clock.now.getUTCFullYear();
    const flashGoods = await createGoods(db, {
      name: '维生素C片',
      ypgg: '0.1g*100片',
      sccj: '华中药业股份有限公司',
      approvalNo: '国药准字H42020000',
      scopeClass: '化学药制剂',
      categoryId: cat!.category_id,
      ckId: cat!.ck_id,
      basePrice: 800,
      price: 500,
      type: 1,
      lots: [
        { batchNo: 'VC-1', producedOn: `${year - 1}-01-01`, expiresOn: `${year + 2}-01-01`, quantity: 100 },
      ],
    });
    const manjian = await createActivity(db, {
      kind: 'manjian',
      name: '满100减10',
      rules: { tiers: [{ amount: 10_000, reduce: 1_000 }] },
      ...window,
    });
    const discount = await createActivity(db, {
      kind: 'discount',
      name: '全场94折',
      rules: { ratePerMille: 940, excludedGoodsIds: [] },
      ...window,
    });
    const flash = await createActivity(db, {
      kind: 'flash',
      name: '秒杀',
      goodsIds: [flashGoods],
      rules: { items: [{ goodsId: flashGoods, price: 450, limit: 0 }] },
      ...window,
    });
    try {
      const wanted = [
        { goods_id: f.amoxicillin, number: 10 },
        { goods_id: flashGoods, number: 1 },
      ];
      // The cart names each reduction on its line (issue 17 §3): 12.90 at 94折 is 12.12, 7.80
      // off ten; the 满减 falls on the only line in its scope; the flash price 4.50 against 5.00.
      expect((await demo.post('/api/cart', { params: wanted })).body.code).toBe(10000);
      const cart = (await demo.get('/api/cart/list')).body.data;
      const reductionsOf = (goodsId: number) =>
        cart.data.find((l: { goods: { id: number } }) => l.goods.id === goodsId).reductions;
      expect(reductionsOf(f.amoxicillin)).toEqual([
        { kind: 'discount', label: '全场94折', amount: '7.80' },
        { kind: 'manjian', label: '满减分摊', amount: '10.00' },
      ]);
      expect(reductionsOf(flashGoods)).toEqual([{ kind: 'flash', label: '限时秒杀', amount: '0.50' }]);
      await db.delete(cartLines);
      const id = await order(wanted, 'unpaid');
      const [o] = rowsOf<{ activity_ids: number[] }>(
        await db.execute(sql`select activity_ids from orders where id = ${id}`),
      );
      expect([...o!.activity_ids].sort((a, b) => a - b)).toEqual(
        [manfanId, manjian, discount, flash].sort((a, b) => a - b),
      );
      const lines = rowsOf<{ goods_id: number; activity_id: number | null }>(
        await db.execute(
          sql`select goods_id, activity_id from order_lines where order_id = ${id} order by id`,
        ),
      );
      expect(lines).toEqual([
        { goods_id: f.amoxicillin, activity_id: null },
        { goods_id: flashGoods, activity_id: flash },
      ]);
      // 129.00 at 94折 is 121.20, less 10.00 满减: 111.20 in the 满返 scope (the flash goods is not).
      expect(await cashbackRow(id)).toMatchObject({ eligible_amount: 11_120, amount: 300 });
      expect((await demo.post(`/api/order/${id}/cancel`, {})).body.code).toBe(10000);
    } finally {
      await db.execute(
        sql`update activities set enabled = false where id in (${manjian}, ${discount}, ${flash})`,
      );
      activitiesChanged();
    }
  });

  it('records nothing when no activity priced the order', async () => {
    const id = await order([{ goods_id: f.scarce, number: 1 }], 'unpaid');
    const [o] = rowsOf<{ activity_ids: number[] }>(
      await t.ctx.database.db.execute(sql`select activity_ids from orders where id = ${id}`),
    );
    expect(o!.activity_ids).toEqual([]);
  });
});
