import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { seedAccounts } from '../../seed/accounts.js';
import { seedWallet } from '../../seed/wallet.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { members } from '../account/schema.js';
import { createCouponTemplate, grantCoupon } from '../promotion/service.js';
import { memberCoupons } from '../promotion/schema.js';
import { moneyLogs, pointsLogs } from './schema.js';
import { changeBalance, changePoints, takeBackPoints } from './service.js';

let t: TestApp;
let demo: Client;
let bj: Client;
let admin: Client;
let finance: Client;
let service: Client;
const ids = { demo: 0, bj: 0 };
const db = () => t.ctx.database.db;
const DAY = 86_400_000;
const at = (s: string) => new Date(`${s}+08:00`);

async function operator(ip: string, username: string) {
  const c = new Client(t.app, ip);
  await c.get('/api/health');
  expect((await c.post('/api/admin/login', { username, password: 'admin123456' })).body.code).toBe(10000);
  return c;
}
async function member(username: string) {
  const c = new Client(t.app);
  await c.login(username, 'demo123456');
  return c;
}

/** The member's balance and points next to the sums of their logs, read by the member. */
async function ledger(c: Client) {
  const money = (await c.get('/api/user/user_money')).body.data.balance as string;
  const mlog = (await c.get('/api/user/user_money_log?page_size=100')).body.data.list as { amount: string }[];
  const plog = (await c.get('/api/user/points_log?page_size=100')).body.data;
  const fen = (y: string) => Math.round(Number(y) * 100);
  return {
    balance: fen(money),
    moneySum: mlog.reduce((s, r) => s + fen(r.amount), 0),
    points: plog.points as number,
    pointsSum: (plog.list as { points: number }[]).reduce((s, r) => s + r.points, 0),
  };
}
async function expectExplained(c: Client) {
  const l = await ledger(c);
  expect(l.moneySum).toBe(l.balance);
  expect(l.pointsSum).toBe(l.points);
  return l;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = at('2026-03-10T09:00:00');
  await seedAccounts(db(), t.clock.now);
  for (const r of await db().select({ id: members.id, username: members.username }).from(members)) {
    if (r.username === 'demo') ids.demo = r.id;
    if (r.username === 'demo_bj') ids.bj = r.id;
  }
  await seedWallet(db(), t.clock.now);
  demo = await member('demo');
  bj = await member('demo_bj');
  admin = await operator('10.8.0.1', 'admin');
  finance = await operator('10.8.0.2', 'caiwu');
  service = await operator('10.8.0.3', 'kefu');
});
afterAll(() => t.close());

describe('the logs explain the balance and the points', () => {
  it('for the seeded demo member', async () => {
    const l = await expectExplained(demo);
    expect(l.balance).toBe(2_000_000);
    expect(l.points).toBe(840);
  });

  it('after every kind of movement', async () => {
    const now = t.clock.now;
    const move = (amount: number, useType: 1 | 2 | 3 | 4 | 5, remark: string) =>
      db().transaction((tx) => changeBalance(tx, ids.demo, amount, { useType, remark }, now));
    await move(-12_345, 2, '订单支付');
    await expectExplained(demo);
    await move(12_345, 3, '取消订单退款');
    await expectExplained(demo);
    await move(-5_000, 2, '订单支付');
    await move(2_000, 4, '退货退款');
    await expectExplained(demo);
    // 满返 and prize draws write types 6–8 (the marketing capability).
    for (const [amount, useType] of [
      [1_500, 6],
      [-1_500, 7],
      [888, 8],
    ] as const)
      await db().transaction((tx) =>
        changeBalance(tx, ids.demo, amount, { useType: useType as never, remark: '' }, now),
      );
    await expectExplained(demo);
    await finance.post(`/api/admin/members/${ids.demo}/balance_adjust`, {
      amount: '-10.01',
      reason: '核对差额',
    });
    await finance.post(`/api/admin/members/${ids.demo}/recharge`, { amount: '66.00' });
    await expectExplained(demo);

    await db().transaction((tx) => changePoints(tx, ids.demo, 150, '订单KC1完成', 1, now));
    await db().transaction((tx) => changePoints(tx, ids.demo, -90, '积分商城兑换 保温杯', null, now));
    await db().transaction((tx) => takeBackPoints(tx, ids.demo, 30, '退货扣回积分 TH1', 1, now));
    await finance.post(`/api/admin/members/${ids.demo}/points_adjust`, {
      points: -5,
      reason: '活动补偿撤回',
    });
    const l = await expectExplained(demo);
    expect(l.points).toBe(840 + 150 - 90 - 30 - 5);
  });
});

describe('GET /api/user/user_money_log', () => {
  it('names every kind of movement and filters by each', async () => {
    const list = (await demo.get('/api/user/user_money_log?page_size=100')).body.data.list as {
      use_type: number;
      use_type_text: string;
    }[];
    const names = Object.fromEntries(list.map((r) => [r.use_type, r.use_type_text]));
    expect(names).toEqual({
      1: '充值',
      2: '订单支付',
      3: '取消订单退款',
      4: '售后退款',
      5: '余额调整',
      6: '满返返现',
      7: '满返扣回',
      8: '抽奖奖励',
    });
    for (const type of [6, 7, 8]) {
      const r = (await demo.get(`/api/user/user_money_log?use_type=${type}`)).body.data;
      expect(r.total).toBe(1);
      expect(r.list[0].use_type).toBe(type);
    }
    expect((await demo.get('/api/user/user_money_log?use_type=9')).body).toMatchObject({
      code: 422,
      msg: '类型有误',
    });
  });

  it('an adjustment shows its reason', async () => {
    const r = (await demo.get('/api/user/user_money_log?use_type=5')).body.data.list[0];
    expect(r).toMatchObject({ amount: '-10.01', use_type_text: '余额调整', remark: '核对差额' });
  });
});

describe('GET /api/user/points_log', () => {
  it('lists the entries newest first with each reason named', async () => {
    const { body } = await demo.get('/api/user/points_log?page_size=100');
    expect(body.code).toBe(10000);
    const kinds = (body.data.list as { kind_text: string }[]).map((r) => r.kind_text);
    expect(kinds).toEqual(
      expect.arrayContaining(['确认收货赠送', '积分商城兑换', '退货扣回', '积分过期', '积分调整']),
    );
    expect(body.data.list[0]).toEqual({
      id: expect.any(Number),
      points: -5,
      balance: body.data.points,
      type: 2,
      type_text: '扣减',
      kind: 'adjust',
      kind_text: '积分调整',
      reason: '积分调整：活动补偿撤回',
      created_at: '2026-03-10 09:00:00',
    });
  });

  it('filters earned (1) and spent (2)', async () => {
    const earned = (await demo.get('/api/user/points_log?type=1&page_size=100')).body.data.list as {
      points: number;
    }[];
    const spent = (await demo.get('/api/user/points_log?type=2&page_size=100')).body.data.list as {
      points: number;
    }[];
    expect(earned.length).toBeGreaterThan(0);
    expect(earned.every((r) => r.points > 0)).toBe(true);
    expect(spent.every((r) => r.points < 0)).toBe(true);
    expect((await demo.get('/api/user/points_log?type=3')).status).toBe(422);
    expect((await demo.get('/api/user/points_log?page=0')).status).toBe(422);
  });

  it('each member sees only their own; visitors are refused', async () => {
    const mine = (await bj.get('/api/user/points_log')).body.data;
    expect(mine).toMatchObject({ total: 0, list: [], points: 0 });
    expect((await new Client(t.app).get('/api/user/points_log')).status).toBe(401);
  });
});

describe('GET /api/user/coupon', () => {
  let expiringSoon = 0;
  let base = { unused: 0, used: 0, expired: 0 };
  beforeAll(async () => {
    const now = t.clock.now;
    base = (await demo.get('/api/user/coupon')).body.data.counts;
    const tpl = await createCouponTemplate(db(), {
      name: '满300减15',
      kind: 'manjian',
      threshold: 30_000,
      amount: 1_500,
      validFrom: new Date(now.getTime() - DAY),
      validTo: new Date(now.getTime() + 60 * DAY),
    });
    // expires_at overrides the template's end: this one ended yesterday.
    const gone = await grantCoupon(db(), ids.demo, tpl, now);
    await db()
      .update(memberCoupons)
      .set({ expiresAt: new Date(now.getTime() - DAY) })
      .where(eq(memberCoupons.id, gone));
    expiringSoon = await grantCoupon(db(), ids.demo, tpl, now);
    await db()
      .update(memberCoupons)
      .set({ expiresAt: new Date(now.getTime() + 2 * DAY) })
      .where(eq(memberCoupons.id, expiringSoon));
    const used = await grantCoupon(db(), ids.demo, tpl, now);
    await db()
      .update(memberCoupons)
      .set({ status: 'used', usedAt: now, usedOrderId: 42 })
      .where(eq(memberCoupons.id, used));
  });

  it('lists unused coupons by default, the first to expire first, with the tab counts', async () => {
    const { body } = await demo.get('/api/user/coupon');
    expect(body.code).toBe(10000);
    expect(body.data.counts).toEqual({
      unused: base.unused + 1,
      used: base.used + 1,
      expired: base.expired + 1,
    });
    expect(body.data.total).toBe(base.unused + 1);
    expect(body.data.list[0]).toMatchObject({
      id: expiringSoon,
      name: '满300减15',
      kind: 'manjian',
      kind_text: '满减',
      type: 1,
      text: '满300.00减15.00',
      status: 'unused',
      status_text: '未使用',
      valid_to: '2026-03-12 09:00:00',
      not_started: 0,
    });
  });

  it.each([
    ['?status=used', ['满300减15'], 'used', 1],
    ['?status=expired', ['满300减15', '满200减20（已过期）'], 'expired', 1],
    ['?type=2', ['20元现金券'], 'unused', 2],
    ['?type=1&status=expired', ['满300减15', '满200减20（已过期）'], 'expired', 1],
  ])('%s', async (query, names, status, type) => {
    const { body } = await demo.get(`/api/user/coupon${query}&page_size=100`);
    const list = body.data.list as { name: string; status: string; type: number }[];
    expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(names));
    expect(list.length).toBe(body.data.total);
    for (const c of list) expect([c.status, c.type]).toEqual([status, type]);
  });

  it('agrees with couponNum (every coupon here has started)', async () => {
    const num = (await demo.get('/api/user/couponNum')).body.data.num;
    expect((await demo.get('/api/user/coupon')).body.data.counts.unused).toBe(num);
  });

  it('a cash voucher reads as one', async () => {
    const list = (await demo.get('/api/user/coupon?type=2')).body.data.list as { name: string }[];
    expect(list.find((c) => c.name === '20元现金券')).toMatchObject({
      kind_text: '现金券',
      type: 2,
      amount: '20.00',
      text: '无门槛',
    });
  });

  it.each([
    ['?status=lost', '状态有误'],
    ['?type=3', '优惠券类型有误'],
    ['?page_size=101', '每页数量不能大于100'],
  ])('%s → 422 %s', async (query, msg) => {
    const { status, body } = await demo.get(`/api/user/coupon${query}`);
    expect(status).toBe(422);
    expect(body.msg).toBe(msg);
  });

  it('each member sees only their own; visitors are refused', async () => {
    expect((await bj.get('/api/user/coupon')).body.data).toMatchObject({
      total: 0,
      counts: { unused: 0, used: 0, expired: 0 },
    });
    expect((await new Client(t.app).get('/api/user/coupon')).status).toBe(401);
  });
});

describe('POST /api/admin/members/:id/balance_adjust', () => {
  it('finance adds and takes money with a reason; the member sees it; the audit has before/after', async () => {
    const before = (await bj.get('/api/user/user_money')).body.data.balance;
    expect(before).toBe('0.00');
    const add = await finance.post(`/api/admin/members/${ids.bj}/balance_adjust`, {
      amount: '120.50',
      reason: '返利补发',
    });
    expect(add.body).toMatchObject({
      code: 10000,
      msg: '余额调整成功',
      data: { member_id: ids.bj, before: '0.00', after: '120.50' },
    });
    const take = await admin.post(`/api/admin/members/${ids.bj}/balance_adjust`, {
      amount: '-20.5',
      reason: '重复补发扣回',
    });
    expect(take.body.data).toMatchObject({ before: '120.50', after: '100.00' });
    const log = (await bj.get('/api/user/user_money_log')).body.data.list;
    expect(log[0]).toMatchObject({
      amount: '-20.50',
      balance: '100.00',
      use_type: 5,
      remark: '重复补发扣回',
    });
    await expectExplained(bj);
    const audit = await db().execute(
      sql`select action, entity, entity_id, summary, before, after from operator_audit where action = 'member.balance_adjust' order by id`,
    );
    const rows = ((audit as { rows?: unknown[] }).rows ?? audit) as Record<string, unknown>[];
    expect(rows.at(-1)).toMatchObject({
      entity: 'member',
      before: { balance: '120.50' },
      after: { balance: '100.00', reason: '重复补发扣回' },
    });
    expect(String(rows.at(-1)!.summary)).toContain('demo_bj');
  });

  it('never takes the balance below zero', async () => {
    const res = await finance.post(`/api/admin/members/${ids.bj}/balance_adjust`, {
      amount: '-100.01',
      reason: '扣回',
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('扣减金额不能超过会员当前余额（100.00元）');
    expect((await bj.get('/api/user/user_money')).body.data.balance).toBe('100.00');
  });

  it('concurrent deductions never overdraw', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        finance.post(`/api/admin/members/${ids.bj}/balance_adjust`, { amount: '-30', reason: '并发扣减' }),
      ),
    );
    expect(results.filter((r) => r.body.code === 10000)).toHaveLength(3);
    expect((await bj.get('/api/user/user_money')).body.data.balance).toBe('10.00');
    await expectExplained(bj);
  });

  it.each([
    [{ amount: '0', reason: 'x' }, '调整金额不能为0'],
    [{ amount: 'abc', reason: 'x' }, '调整金额格式有误'],
    [{ amount: '1.234', reason: 'x' }, '调整金额格式有误'],
    [{ amount: '1000000.01', reason: 'x' }, '单次调整不能超过1000000.00元'],
    [{ reason: 'x' }, '请填写调整金额'],
    [{ amount: '5' }, '请填写调整原因'],
    [{ amount: '5', reason: '  ' }, '请填写调整原因'],
  ])('%j → 422 %s', async (body, msg) => {
    const res = await finance.post(`/api/admin/members/${ids.bj}/balance_adjust`, body);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(msg);
  });

  it('404 for an unknown member; service, members and visitors are refused', async () => {
    const body = { amount: '1', reason: '测试' };
    expect((await finance.post('/api/admin/members/999999/balance_adjust', body)).status).toBe(404);
    expect((await service.post(`/api/admin/members/${ids.bj}/balance_adjust`, body)).status).toBe(403);
    expect((await demo.post(`/api/admin/members/${ids.bj}/balance_adjust`, body)).status).toBe(403);
    expect((await new Client(t.app).post(`/api/admin/members/${ids.bj}/balance_adjust`, body)).status).toBe(
      401,
    );
    expect((await bj.get('/api/user/user_money')).body.data.balance).toBe('10.00');
  });
});

describe('POST /api/admin/members/:id/points_adjust', () => {
  it('adds and takes points with a reason, never below zero', async () => {
    const add = await finance.post(`/api/admin/members/${ids.bj}/points_adjust`, {
      points: 200,
      reason: '线下活动奖励',
    });
    expect(add.body).toMatchObject({ code: 10000, msg: '积分调整成功', data: { before: 0, after: 200 } });
    const take = await finance.post(`/api/admin/members/${ids.bj}/points_adjust`, {
      points: '-50',
      reason: '误发扣回',
    });
    expect(take.body.data).toMatchObject({ before: 200, after: 150 });
    const over = await finance.post(`/api/admin/members/${ids.bj}/points_adjust`, {
      points: -151,
      reason: '扣回',
    });
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('扣减积分不能超过会员当前积分（150）');
    const log = (await bj.get('/api/user/points_log')).body.data;
    expect(log.points).toBe(150);
    expect(log.list[0]).toMatchObject({ points: -50, kind_text: '积分调整', reason: '积分调整：误发扣回' });
    await expectExplained(bj);
  });

  it.each([
    [{ points: 0, reason: 'x' }, '调整积分不能为0'],
    [{ points: 1.5, reason: 'x' }, '调整积分必须是整数'],
    [{ points: 'abc', reason: 'x' }, '请填写调整积分'],
    [{ reason: 'x' }, '请填写调整积分'],
    [{ points: 5 }, '请填写调整原因'],
  ])('%j → 422 %s', async (body, msg) => {
    const res = await finance.post(`/api/admin/members/${ids.bj}/points_adjust`, body);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(msg);
  });

  it('service cannot adjust points', async () => {
    const res = await service.post(`/api/admin/members/${ids.bj}/points_adjust`, { points: 5, reason: 'x' });
    expect(res.status).toBe(403);
  });
});

describe('back-office views', () => {
  it('GET /api/admin/wallet/members lists balances and points, searched', async () => {
    const all = (await service.get('/api/admin/wallet/members')).body.data;
    expect(all.total).toBeGreaterThan(2);
    const found = (await finance.get('/api/admin/wallet/members?keyword=demo_bj')).body.data;
    expect(found.list).toEqual([
      expect.objectContaining({ id: ids.bj, username: 'demo_bj', balance: '10.00', points: 150 }),
    ]);
    expect((await finance.get('/api/admin/wallet/members?keyword=%25')).body.data.total).toBe(0);
    expect((await demo.get('/api/admin/wallet/members')).status).toBe(403);
  });

  it('GET /api/admin/members/:id/money_log and points_log show one member’s logs', async () => {
    const money = (await finance.get(`/api/admin/members/${ids.bj}/money_log?use_type=5`)).body.data;
    expect(money.list.every((r: { use_type: number }) => r.use_type === 5)).toBe(true);
    expect(money.total).toBe(5);
    const points = (await service.get(`/api/admin/members/${ids.bj}/points_log`)).body.data;
    expect(points).toMatchObject({ total: 2, points: 150 });
    expect((await finance.get('/api/admin/members/999999/money_log')).status).toBe(404);
    expect((await finance.get('/api/admin/members/999999/points_log')).status).toBe(404);
    expect((await demo.get(`/api/admin/members/${ids.demo}/money_log`)).status).toBe(403);
  });

  it('the database agrees with the logs for every member', async () => {
    const rows = await db().select({ id: members.id, b: members.balance, p: members.points }).from(members);
    for (const m of rows) {
      const money = await db()
        .select({ s: sql<number>`coalesce(sum(${moneyLogs.amount}), 0)::int` })
        .from(moneyLogs)
        .where(eq(moneyLogs.memberId, m.id));
      const pts = await db()
        .select({ s: sql<number>`coalesce(sum(${pointsLogs.points}), 0)::int` })
        .from(pointsLogs)
        .where(eq(pointsLogs.memberId, m.id));
      expect([m.id, money[0]!.s, pts[0]!.s]).toEqual([m.id, m.b, m.p]);
    }
  });
});
