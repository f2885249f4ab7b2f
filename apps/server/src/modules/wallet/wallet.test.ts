import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { seedWallet } from '../../seed/wallet.js';
import { members } from '../account/schema.js';
import { createCategory } from '../catalog/service.js';
import { heldCoupons } from '../promotion/service.js';
import { moneyLogs, pointsLogs } from './schema.js';
import { changeBalance, changePoints, recharge } from './service.js';

let t: TestApp;
let demo: Client;
const ids = { demo: 0, bj: 0, pending: 0 };
const db = () => t.ctx.database.db;
/** China time → Date. */
const at = (s: string) => new Date(`${s}+08:00`);

async function member(username: string) {
  const c = new Client(t.app);
  await c.login(username, 'demo123456');
  return c;
}
const balanceOf = async (id: number) =>
  (await db().select({ b: members.balance }).from(members).where(eq(members.id, id)))[0]!.b;
const logCount = async (id: number) =>
  (await db().select().from(moneyLogs).where(eq(moneyLogs.memberId, id))).length;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = at('2026-03-10T09:00:00');
  await seedAccounts(db(), t.clock.now);
  for (const r of await db().select({ id: members.id, username: members.username }).from(members)) {
    if (r.username === 'demo') ids.demo = r.id;
    if (r.username === 'demo_bj') ids.bj = r.id;
    if (r.username === 'pending') ids.pending = r.id;
  }
  await recharge(db(), ids.demo, 100_000, '线下充值', at('2026-03-01T10:00:00'));
  const move = (amount: number, useType: 2 | 3, when: string, orderNo = '') =>
    db().transaction((tx) => changeBalance(tx, ids.demo, amount, { useType, orderNo }, at(when)));
  await move(-12_000, 2, '2026-03-02T08:15:00', 'KC20260302001');
  await move(5_000, 3, '2026-03-03T12:00:00', 'KC20260302001');
  await move(-3_000, 2, '2026-03-04T23:30:00', 'KC20260304009');
  await recharge(db(), ids.bj, 7_700, '分店充值', at('2026-03-02T09:00:00'));
  demo = await member('demo');
});
afterAll(() => t.close());

const log = async (query: string, c: Client = demo) => c.get(`/api/user/user_money_log${query}`);

describe('GET /api/user/user_money', () => {
  it('shows the balance in yuan', async () => {
    expect((await demo.get('/api/user/user_money')).body).toMatchObject({
      code: 10000,
      data: { balance: '900.00' },
    });
  });
  it('needs a member session', async () => {
    const res = await new Client(t.app).get('/api/user/user_money');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
  });
});

describe('GET /api/user/user_money_log', () => {
  it('lists the entries newest first with the balance after each, in China time', async () => {
    const { body } = await log('');
    expect(body.data).toMatchObject({ total: 4, page: 1, page_size: 20, total_page: 1 });
    expect(body.data.list.map((r: { amount: string }) => r.amount)).toEqual([
      '-30.00',
      '50.00',
      '-120.00',
      '1000.00',
    ]);
    expect(body.data.list[0]).toEqual({
      id: expect.any(Number),
      amount: '-30.00',
      balance: '900.00',
      use_type: 2,
      use_type_text: '订单支付',
      order_no: 'KC20260304009',
      remark: '',
      created_at: '2026-03-04 23:30:00',
    });
    expect(body.data.list[3]).toMatchObject({
      use_type: 1,
      use_type_text: '充值',
      remark: '线下充值',
      balance: '1000.00',
    });
  });

  it.each([
    ['?page=1&page_size=3', ['-30.00', '50.00', '-120.00'], 2],
    ['?page=2&page_size=3', ['1000.00'], 2],
    ['?page=3&page_size=3', [], 2],
    ['?use_type=2', ['-30.00', '-120.00'], 1],
    ['?use_type=3', ['50.00'], 1],
    ['?use_type=4', [], 0],
    ['?start_time=2026-03-02&end_time=2026-03-04', ['-30.00', '50.00', '-120.00'], 1],
    ['?start_time=2026-03-03', ['-30.00', '50.00'], 1],
    ['?end_time=2026-03-02', ['-120.00', '1000.00'], 1],
    ['?start_time=2026-03-04&end_time=2026-03-04', ['-30.00'], 1],
    // Ten digits are seconds: 2026-03-03 00:00 and 2026-03-04 12:00 China time (inclusive instants).
    ['?start_time=1772467200&end_time=1772596800', ['50.00'], 1],
    ['?use_type=2&start_time=2026-03-03', ['-30.00'], 1],
    ['?start_time=&end_time=&use_type=', ['-30.00', '50.00', '-120.00', '1000.00'], 1],
  ])('%s', async (query, amounts, pages) => {
    const { status, body } = await log(query);
    expect(status).toBe(200);
    expect(body.data.list.map((r: { amount: string }) => r.amount)).toEqual(amounts);
    expect(body.data.total_page).toBe(pages);
  });

  it.each([
    ['?page=0', '页码不能小于1'],
    ['?page_size=500', '每页数量不能大于100'],
    ['?use_type=9', '类型有误'],
    ['?use_type=abc', '类型有误'],
    ['?start_time=2026-03-05&end_time=2026-03-01', '开始日期不能晚于结束日期'],
    ['?start_time=last-week', '日期格式有误'],
  ])('%s → 422 %s', async (query, msg) => {
    const { status, body } = await log(query);
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 422, msg });
  });

  it('needs a member session (operators too are refused)', async () => {
    expect((await log('', new Client(t.app))).status).toBe(401);
    const op = new Client(t.app);
    await op.get('/api/health');
    await op.post('/api/admin/login', { username: 'admin', password: 'admin123456' });
    expect((await log('', op)).status).toBe(401);
  });

  it('shows each member only their own entries', async () => {
    const bj = await member('demo_bj');
    const mine = (await log('', bj)).body.data;
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ amount: '77.00', remark: '分店充值' });
    const demoList = (await log('?page_size=100')).body.data.list as { remark: string }[];
    expect(demoList.some((r) => r.remark === '分店充值')).toBe(false);
  });
});

describe('changeBalance', () => {
  it('refuses an overdraft and leaves balance and log untouched', async () => {
    const before = { balance: await balanceOf(ids.demo), logs: await logCount(ids.demo) };
    await expect(
      db().transaction((tx) => changeBalance(tx, ids.demo, -90_001, { useType: 2 }, t.clock.now)),
    ).rejects.toMatchObject({ kind: 'business', message: '余额不足，请选择其他支付方式' });
    expect(await balanceOf(ids.demo)).toBe(before.balance);
    expect(await logCount(ids.demo)).toBe(before.logs);
  });

  it('rolls back with the caller’s transaction', async () => {
    const before = await balanceOf(ids.demo);
    await expect(
      db().transaction(async (tx) => {
        await changeBalance(tx, ids.demo, -100, { useType: 2 }, t.clock.now);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await balanceOf(ids.demo)).toBe(before);
  });

  it.each([0, 1.5, Number.NaN])('refuses an amount of %s as an internal error', async (amount) => {
    await expect(changeBalance(db(), ids.demo, amount, { useType: 5 }, t.clock.now)).rejects.toMatchObject({
      kind: 'internal',
    });
  });

  it('lets concurrent debits draw the balance to zero and never below', async () => {
    await recharge(db(), ids.pending, 1_000, '', t.clock.now);
    const debit = () =>
      db().transaction((tx) => changeBalance(tx, ids.pending, -300, { useType: 2 }, t.clock.now));
    const results = await Promise.allSettled(Array.from({ length: 8 }, debit));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await balanceOf(ids.pending)).toBe(100);
    const rows = await db().select().from(moneyLogs).where(eq(moneyLogs.memberId, ids.pending));
    expect(rows.map((r) => r.balanceAfter).sort((a, b) => b - a)).toEqual([1_000, 700, 400, 100]);
  });
});

describe('changePoints', () => {
  it('adds and spends points, never below zero, with a log', async () => {
    const tx = db();
    expect(await changePoints(tx, ids.bj, 120, '订单完成', null, t.clock.now)).toEqual({ points: 120 });
    await expect(changePoints(tx, ids.bj, -121, '积分兑换', null, t.clock.now)).rejects.toMatchObject({
      message: '积分不足',
    });
    expect(await changePoints(tx, ids.bj, -120, '积分兑换', null, t.clock.now)).toEqual({ points: 0 });
    const rows = await tx.select().from(pointsLogs).where(eq(pointsLogs.memberId, ids.bj));
    expect(rows.map((r) => [r.points, r.pointsAfter])).toEqual([
      [120, 120],
      [-120, 0],
    ]);
  });
});

describe('POST /api/admin/members/:id/recharge', () => {
  let op: Client;
  beforeAll(async () => {
    op = new Client(t.app, '10.9.0.1');
    await op.get('/api/health');
    await op.post('/api/admin/login', { username: 'admin', password: 'admin123456' });
  });

  it('tops up a member, who sees the entry', async () => {
    const res = await op.post(`/api/admin/members/${ids.bj}/recharge`, {
      amount: '100.50',
      remark: '对公转账到账',
    });
    expect(res.body).toMatchObject({
      code: 10000,
      msg: '充值成功',
      data: { member_id: ids.bj, balance: '177.50' },
    });
    const bj = await member('demo_bj');
    expect((await log('?use_type=1', bj)).body.data.list[0]).toMatchObject({
      amount: '100.50',
      balance: '177.50',
      remark: '对公转账到账',
      created_at: '2026-03-10 09:00:00',
    });
  });

  it.each([
    [{ amount: '0' }, 422, '充值金额必须大于0'],
    [{ amount: 'abc' }, 422, '充值金额格式有误'],
    [{ amount: '1.234' }, 422, '充值金额格式有误'],
    [{ amount: '-5' }, 422, '充值金额格式有误'],
    [{ amount: '1000000.01' }, 422, '单次充值不能超过1000000.00元'],
    [{}, 422, '请填写充值金额'],
  ])('%j → %i %s', async (body, status, msg) => {
    const res = await op.post(`/api/admin/members/${ids.bj}/recharge`, body);
    expect(res.status).toBe(status);
    expect(res.body.msg).toBe(msg);
  });

  it('404 for an unknown member; members and visitors are refused', async () => {
    expect((await op.post('/api/admin/members/999999/recharge', { amount: '1' })).status).toBe(404);
    expect((await demo.post(`/api/admin/members/${ids.demo}/recharge`, { amount: '1' })).status).toBe(403);
    expect(
      (await new Client(t.app).post(`/api/admin/members/${ids.demo}/recharge`, { amount: '1' })).status,
    ).toBe(401);
    expect(await balanceOf(ids.demo)).toBe(90_000);
  });
});

describe('seedWallet', () => {
  it('tops up the demo member and gives the demo coupons', async () => {
    const xy = await createCategory(db(), { name: '西药' });
    const before = await balanceOf(ids.demo);
    await seedWallet(db(), t.clock.now);
    expect((await balanceOf(ids.demo)) - before).toBe(2_000_000);
    const coupons = await heldCoupons(db(), ids.demo, t.clock.now, 'coupon');
    expect(coupons.map((c) => c.name)).toEqual(
      expect.arrayContaining(['满500减30', '满1000减80', '西药95折券']),
    );
    expect(coupons.find((c) => c.name === '西药95折券')).toMatchObject({
      scope: 'categories',
      scopeIds: [xy],
      rate: 950,
    });
    expect(coupons.some((c) => c.name.includes('已过期'))).toBe(false);
    const vouchers = await heldCoupons(db(), ids.demo, t.clock.now, 'voucher');
    expect(vouchers.find((c) => c.name === '20元现金券')).toMatchObject({ threshold: 0, amount: 2_000 });
  });
});
