// The coupon centre (领券中心) and the operator's coupons (issue 13 items 2 and 6):
// GET /api/coupon/center, POST /api/coupon/claim, /api/admin/coupons…, and a claimed coupon
// at check order. Runs on PGlite by default and on PostgreSQL in CI (DATABASE_URL).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { rowsOf } from '../../platform/db.js';
import { cloneBuyers, fund, orderFixture, type Buyer, type OrderFixture } from '../order/fixtures.js';

let t: TestApp;
let f: OrderFixture;
let op: Client;
let finance: Client;
let warehouse: Client;
let service: Client;
let demo: Client;
let visitor: Client;
let buyers: Buyer[];
const DAY = 86_400_000;
const db = () => t.ctx.database.db;

/** A China wall-clock string `days` from the test clock. */
const at = (days: number) =>
  new Date(t.clock.now.getTime() + days * DAY + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function operator(ip: string, username: string) {
  const c = new Client(t.app, ip);
  await c.get('/api/health');
  expect((await c.post('/api/admin/login', { username, password: 'admin123456' })).body.code).toBe(10000);
  return c;
}

const coupon = (over: Record<string, unknown> = {}) => ({
  name: '满200减20',
  kind: 'manjian',
  threshold: '200.00',
  amount: '20.00',
  scope: 'all',
  valid_from: at(-1),
  valid_to: at(30),
  total: 50,
  per_member: 1,
  published: true,
  description: '全场通用',
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const r = await op.post('/api/admin/coupons', coupon(over));
  expect(r.body.code, r.body.msg).toBe(10000);
  return r.body.data as { id: number; status: string };
}

const claimAs = (b: Buyer, templateId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/coupon/claim',
    headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
    payload: { template_id: templateId },
  });

const heldOf = async (templateId: number) =>
  rowsOf<{ n: number; members: number }>(
    await db().execute(
      sql`select count(*)::int as n, count(distinct member_id)::int as members from member_coupons where template_id = ${templateId}`,
    ),
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
  f = await orderFixture(db(), t.clock.now);
  await fund(db(), 'demo', 1_000_000, t.clock.now);
  buyers = await cloneBuyers(db(), 200, 'lq');
  op = await operator('10.13.0.1', 'admin');
  finance = await operator('10.13.0.2', 'caiwu');
  warehouse = await operator('10.13.0.3', 'cangku');
  service = await operator('10.13.0.5', 'kefu');
  demo = new Client(t.app, '10.13.0.4');
  await demo.login('demo', 'demo123456');
  visitor = new Client(t.app, '10.13.0.6');
}, 120_000);
afterAll(() => t.close());

describe('who may do what (/api/admin/coupons)', () => {
  it('lets finance and service read, refuses their writes; warehouse and members get 403, visitors 401', async () => {
    const c = await create({ name: '权限测试券' });
    expect((await finance.get('/api/admin/coupons')).status).toBe(200);
    const u = await service.get(`/api/admin/coupons/${c.id}/usage`);
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect((await finance.post('/api/admin/coupons', coupon())).status).toBe(403);
    expect((await finance.post(`/api/admin/coupons/${c.id}/publish`, {})).status).toBe(403);
    expect((await finance.post(`/api/admin/coupons/${c.id}/issue`, { member_ids: [1] })).status).toBe(403);
    expect((await warehouse.get('/api/admin/coupons')).status).toBe(403);
    expect((await warehouse.post('/api/admin/coupons', coupon())).status).toBe(403);
    expect((await demo.get('/api/admin/coupons')).status).toBe(403);
    expect((await visitor.get('/api/admin/coupons')).status).toBe(401);
  });

  it('audits every write', async () => {
    const c = await create({ name: '审计券' });
    await op.post(`/api/admin/coupons/${c.id}/unpublish`, {});
    const rows = rowsOf<{ action: string; summary: string }>(
      await db().execute(
        sql`select action, summary from operator_audit where entity = 'coupon' and entity_id = ${String(c.id)} order by id`,
      ),
    );
    expect(rows.map((r) => r.action)).toEqual(['coupon.create', 'coupon.unpublish']);
    expect(rows[0]!.summary).toBe('新建优惠券 审计券');
  });
});

describe('creating and editing (POST /api/admin/coupons)', () => {
  it('creates each kind and scope, and refuses what makes no sense', async () => {
    const d = (
      await op.post(
        '/api/admin/coupons',
        coupon({ name: '95折', kind: 'discount', rate: 950, threshold: '500.00', amount: undefined }),
      )
    ).body;
    expect(d.data).toMatchObject({
      kind_text: '折扣',
      rate: 950,
      text: '满500.00享9.5折',
      status: 'claiming',
      editable: 1,
    });
    const days = await op.post(
      '/api/admin/coupons',
      coupon({
        name: '30天券',
        kind: 'cash',
        amount: '10.00',
        threshold: '0',
        valid_from: '',
        valid_to: '',
        valid_days: 30,
      }),
    );
    expect(days.body.data).toMatchObject({
      validity_text: '领取后30天内有效',
      valid_to: '',
      text: '现金券10.00元',
    });
    const bad = async (over: Record<string, unknown>) =>
      (await op.post('/api/admin/coupons', coupon(over))).body;
    expect((await bad({ threshold: '10.00', amount: '20.00' })).msg).toBe('满减门槛必须大于优惠金额');
    expect((await bad({ scope: 'brand' })).msg).toBe('请选择适用范围');
    expect((await bad({ valid_to: at(-2) })).msg).toBe('结束时间必须晚于开始时间');
    expect((await bad({ kind: 'x' })).msg).toBe('券类型不正确');
    expect((await bad({ valid_from: '', valid_to: '' })).msg).toBe('请填写有效期开始时间或领取后有效天数');
    const list = (
      await op.get(`/api/admin/coupons?keyword=${encodeURIComponent('30天')}&page=1&page_size=10`)
    ).body.data;
    expect(list.list.map((r: { name: string }) => r.name)).toEqual(['30天券']);
    // The back office sends every filter, '' for 全部.
    const all = await op.get('/api/admin/coupons?keyword=&kind=&status=&page=1&page_size=20');
    expect(all.body.data.total).toBeGreaterThan(2);
    const drafts = (await op.get('/api/admin/coupons?status=draft')).body.data.list;
    expect(drafts.every((r: { status: string }) => r.status === 'draft')).toBe(true);
  });

  it('edits anything while nobody holds it; afterwards only publication, claim window and total upwards', async () => {
    const c = await create({ name: '可编辑券', total: 10 });
    const e = await op.post(`/api/admin/coupons/${c.id}`, { name: '改名券', amount: '30.00' });
    expect(e.body.data).toMatchObject({ name: '改名券', amount: '30.00' });
    expect((await demo.post('/api/coupon/claim', { template_id: c.id })).body.code).toBe(10000);
    const locked = await op.post(`/api/admin/coupons/${c.id}`, { amount: '40.00' });
    expect(locked.body.msg).toBe('已有会员领取，只能修改发布状态、领取时间和发行量（只增不减）');
    expect((await op.post(`/api/admin/coupons/${c.id}`, { total: 5 })).body.msg).toBe(
      '发行量只能增加（当前10）',
    );
    const up = await op.post(`/api/admin/coupons/${c.id}`, { total: 20, claim_ends_at: at(10) });
    expect(up.body.data).toMatchObject({ total: 20, editable: 0 });
  });
});

describe('the coupon centre (GET /api/coupon/center, POST /api/coupon/claim)', () => {
  it('shows visitors the list with 登录领取 and hides drafts and closed windows', async () => {
    const open = await create({ name: '访客可见券' });
    const draft = await create({ name: '草稿券', published: false });
    const later = await create({ name: '未开始券', claim_starts_at: at(2) });
    const list = (await visitor.get('/api/coupon/center')).body.data as { id: number; state_text: string }[];
    const ids = list.map((i) => i.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(later.id);
    expect(list.find((i) => i.id === open.id)).toMatchObject({
      state_text: '登录领取',
      can_claim: 0,
      remaining: 50,
      face: '¥20',
    });
    expect((await visitor.post('/api/coupon/claim', { template_id: open.id })).status).toBe(401);
    expect((await demo.post('/api/coupon/claim', { template_id: later.id })).body.msg).toBe('领取尚未开始');
    expect((await demo.post('/api/coupon/claim', { template_id: draft.id })).status).toBe(404);
  });

  it('claims once per member, counts the batch, and shows 已领取 afterwards', async () => {
    const c = await create({ name: '领一次券', total: 3 });
    const r = await demo.post('/api/coupon/claim', { template_id: c.id });
    expect(r.body).toMatchObject({ code: 10000, msg: '领取成功' });
    expect(r.body.data.item).toMatchObject({
      claimed: 1,
      remaining: 2,
      held: 1,
      state: 'claimed',
      state_text: '已领取',
    });
    expect((await demo.post('/api/coupon/claim', { template_id: c.id })).body.msg).toBe('您已领取过该优惠券');
    const card = (await demo.get('/api/coupon/center')).body.data.find((i: { id: number }) => i.id === c.id);
    expect(card).toMatchObject({ state: 'claimed', claimed_percent: 33 });
  });

  it('refuses a member whose qualifications are not approved', async () => {
    const c = await create({ name: '审核券' });
    await db().execute(sql`update members set status = 'pending' where id = ${buyers[0]!.memberId}`);
    const r = await claimAs(buyers[0]!, c.id);
    expect(r.json().msg).toBe('资质审核通过后才能领取优惠券');
    await db().execute(sql`update members set status = 'approved' where id = ${buyers[0]!.memberId}`);
  });

  it('gives a coupon valid N days its own end', async () => {
    const c = (
      await op.post(
        '/api/admin/coupons',
        coupon({ name: '七天券', valid_from: '', valid_to: '', valid_days: 7 }),
      )
    ).body.data;
    const r = await demo.post('/api/coupon/claim', { template_id: c.id });
    expect(r.body.data.expires_at).toBe(at(7).slice(0, 19));
    const [row] = rowsOf<{ source: string }>(
      await db().execute(sql`select source from member_coupons where id = ${r.body.data.coupon_id}`),
    );
    expect(row!.source).toBe('claim');
  });
});

describe('races', () => {
  it('200 buyers claiming a batch of 50 at once get exactly 50', async () => {
    const c = await create({ name: '抢券50张', total: 50 });
    const replies = await Promise.all(buyers.map((b) => claimAs(b, c.id)));
    const won = replies.filter((r) => r.json().code === 10000);
    expect(won).toHaveLength(50);
    expect(replies.filter((r) => r.json().code !== 10000).every((r) => r.json().msg === '优惠券已领完')).toBe(
      true,
    );
    expect(await heldOf(c.id)).toEqual({ n: 50, members: 50 });
    const [tpl] = rowsOf<{ claimed: number }>(
      await db().execute(sql`select claimed from coupon_templates where id = ${c.id}`),
    );
    expect(tpl!.claimed).toBe(50);
  }, 120_000);

  it('one member claiming twice at once with per_member 1 gets exactly one', async () => {
    const c = await create({ name: '并发一人券', total: 0 });
    const b = buyers[199]!;
    const replies = await Promise.all(Array.from({ length: 10 }, () => claimAs(b, c.id)));
    expect(replies.filter((r) => r.json().code === 10000)).toHaveLength(1);
    expect(await heldOf(c.id)).toEqual({ n: 1, members: 1 });
  });
});

describe('issuing and usage', () => {
  it('issues to chosen members within total and per_member, and reports who was skipped', async () => {
    const c = await create({ name: '发放券', total: 3, published: false });
    const ids = buyers.slice(0, 4).map((b) => b.memberId);
    const r = await op.post(`/api/admin/coupons/${c.id}/issue`, {
      member_ids: [ids[0], ids[0], ids[1], ids[2], ids[3], 999999],
    });
    expect(r.body.data).toMatchObject({ issued: 3, skipped: 2 });
    expect(r.body.data.reasons).toEqual([
      { member_id: ids[3], reason: '发行量已用完' },
      { member_id: 999999, reason: '会员不存在、未通过审核或已停用' },
    ]);
    await op.post(`/api/admin/coupons/${c.id}`, { total: 10 });
    const again = await op.post(`/api/admin/coupons/${c.id}/issue`, { member_ids: ids });
    expect(again.body.data).toMatchObject({ issued: 1, skipped: 3 });
    expect(again.body.data.reasons[0].reason).toBe('已持有1张');
  });

  it('issues to a group of approved members', async () => {
    const c = await create({ name: '分组券', total: 0, published: false });
    const [{ n }] = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from members where status = 'approved' and not disabled and company_type = '药店'`,
      ),
    ) as [{ n: number }];
    const r = await op.post(`/api/admin/coupons/${c.id}/issue`, { group: { company_type: '药店' } });
    expect(r.body.data.issued).toBe(n);
    expect((await op.post(`/api/admin/coupons/${c.id}/issue`, {})).body.msg).toBe(
      '请选择发放对象（会员或会员分组）',
    );
  });

  it('a claimed coupon is applied at check order and shows in the usage report', async () => {
    // A brand-scoped 满100减60: bigger than any seeded coupon, so it is the best one.
    const [brand] = rowsOf<{ id: number }>(
      await db().execute(sql`insert into brands (name) values ('测试品牌') returning id`),
    );
    await db().execute(sql`update goods set brand_id = ${brand!.id} where id = ${f.ibuprofen}`);
    const c = await create({
      name: '品牌满100减60',
      threshold: '100.00',
      amount: '60.00',
      scope: 'brand',
      scope_ids: [brand!.id],
    });
    const claim = await demo.post('/api/coupon/claim', { template_id: c.id });
    expect(claim.body.code).toBe(10000);
    await db().execute(
      sql`delete from cart_lines where member_id = (select id from members where username = 'demo')`,
    );
    // Amoxicillin alone is not of the brand: the coupon is not usable.
    expect(
      (await demo.post('/api/cart', { params: [{ goods_id: f.amoxicillin, number: 10 }] })).body.code,
    ).toBe(10000);
    let p = (await demo.post('/api/order/preview', {})).body.data;
    expect(p.coupon_id).not.toBe(claim.body.data.coupon_id);
    expect((await demo.post('/api/cart', { params: [{ goods_id: f.ibuprofen, number: 5 }] })).body.code).toBe(
      10000,
    );
    p = (await demo.post('/api/order/preview', {})).body.data;
    expect(p.coupon_id).toBe(claim.body.data.coupon_id);
    expect(p.amounts.coupon_amount).toBe('60.00');
    const addressId = (await demo.get('/api/user/address')).body.data[0].id;
    const placed = await demo.post('/api/order', {
      address_id: addressId,
      coupon_id: p.coupon_id,
      voucher_id: 0,
      idempotency_key: crypto.randomUUID(),
    });
    expect(placed.body.code, placed.body.msg).toBe(10000);
    const usage = (await finance.get(`/api/admin/coupons/${c.id}/usage`)).body.data;
    expect(usage).toMatchObject({
      claimed: 1,
      by_claim: 1,
      used: 1,
      unused: 0,
      expired: 0,
      discount_total: '60.00',
    });
    expect(usage.orders.list[0]).toMatchObject({ order_id: placed.body.data.order_id, discount: '60.00' });
  });

  it('a claimed coupon past its own end is not offered and counts as expired', async () => {
    const c = (
      await op.post(
        '/api/admin/coupons',
        coupon({
          name: '一天券',
          kind: 'cash',
          threshold: '0',
          amount: '5.00',
          valid_from: '',
          valid_to: '',
          valid_days: 1,
        }),
      )
    ).body.data;
    const claim = (await demo.post('/api/coupon/claim', { template_id: c.id })).body.data;
    const held = async () =>
      (await demo.get('/api/user/availableCoupon?type=2&page=1&page_size=50')).body.data.list.map(
        (x: { id: number }) => x.id,
      );
    expect(await held()).toContain(claim.coupon_id);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 2 * DAY);
    try {
      expect(await held()).not.toContain(claim.coupon_id);
      expect((await op.get(`/api/admin/coupons/${c.id}/usage`)).body.data).toMatchObject({
        expired: 1,
        unused: 0,
      });
    } finally {
      t.clock.now = saved;
    }
  });
});
