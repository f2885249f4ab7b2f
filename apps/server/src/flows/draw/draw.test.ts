// The prize draw (issue 13 items 5, 6, 9): the six storefront calls, the operator's screens'
// calls, the awards in one transaction, and the races (200 members on 10 prizes; one member
// twice at once). Runs on PGlite, and on PostgreSQL in CI where the requests truly overlap.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { cloneBuyers, type Buyer } from '../../modules/order/fixtures.js';
import { createCouponTemplate } from '../../modules/promotion/service.js';
import { members } from '../../modules/account/schema.js';
import { rowsOf } from '../../platform/db.js';
import { seedDraws } from '../../seed/draws.js';

let t: TestApp;
let admin: Client;
let member: Client;
let demoId: number;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(t.clock.now.getTime() + ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db);
  admin = new Client(t.app);
  expect(
    (await admin.post('/api/admin/login', { username: 'admin', password: 'admin123456' })).body.code,
  ).toBe(10000);
  member = new Client(t.app);
  expect((await member.login('demo', 'demo123456')).body.code).toBe(10000);
  const [d] = await t.ctx.database.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.username, 'demo'));
  demoId = d!.id;
});
afterAll(() => t.close());

async function newDraw(name: string, over: Record<string, unknown> = {}): Promise<number> {
  const r = await admin.post('/api/admin/draws', {
    name,
    description: '每位会员限抽一次',
    image: '/media/draw.png',
    starts_at: iso(-DAY),
    ends_at: iso(DAY),
    enabled: '1',
    ...over,
  });
  expect(r.body.code, r.body.msg).toBe(10000);
  return r.body.data.id;
}

async function addPrize(drawId: number, p: Record<string, unknown>) {
  const r = await admin.post(`/api/admin/draws/${drawId}/prizes`, p);
  expect(r.body.code, r.body.msg).toBe(10000);
  return r.body.data.prizes_list.at(-1) as { id: number };
}

const q = (s: ReturnType<typeof sql>) =>
  t.ctx.database.db.execute(s).then((r) => rowsOf<Record<string, number>>(r));

describe('demo data', () => {
  it('seeds a running draw the demo member has not joined, with a prize of each kind', async () => {
    await seedDraws(t.ctx.database.db, t.clock.now);
    const simple = (await member.get('/api/draw/simple')).body.data;
    expect(simple).toMatchObject({ name: '幸运大抽奖', is_join: 0 });
    expect(simple.image).toMatch(/^\/media\//);
    const admin_ = (await admin.get(`/api/admin/draws/${simple.id}`)).body.data;
    expect(admin_.prizes_list.map((p: { kind: string }) => p.kind)).toEqual([
      'coupon',
      'points',
      'balance',
      'goods',
      'none',
    ]);
    expect(admin_.odds_total).toBe(10_000);
    await admin.post(`/api/admin/draws/${simple.id}`, {
      name: '幸运大抽奖',
      starts_at: iso(-DAY),
      ends_at: iso(DAY),
      enabled: '0',
    });
  });
});

describe('the pop-up calls', () => {
  it('offers the running draw, draws once with the prize awarded, then says is_join 1', async () => {
    const id = await newDraw('双11幸运抽奖');
    await addPrize(id, { name: '100积分', kind: 'points', value: 100, odds: 10_000, stock: 5 });

    const simple = await member.get('/api/draw/simple');
    expect(simple.body.data).toMatchObject({
      id,
      name: '双11幸运抽奖',
      is_join: 0,
      image: '/media/draw.png',
    });
    expect((await new Client(t.app).get('/api/draw/simple')).body.data).toMatchObject({ id, is_join: 0 });

    const detail = await member.get(`/api/draw?id=${id}`);
    expect(detail.body.data).toMatchObject({ status: 'running', is_join: 0 });
    expect(detail.body.data.prizes).toEqual([
      { id: expect.any(Number), name: '100积分', kind: 'points', kind_text: '积分', image: '' },
    ]);
    expect(JSON.stringify(detail.body.data)).not.toMatch(/odds|stock/);

    const before = (await q(sql`select points from members where id = ${demoId}`))[0]!.points!;
    const drawn = await member.post(`/api/draw/${id}/activity`);
    expect(drawn.body).toMatchObject({
      code: 10000,
      data: {
        prize_name: '100积分',
        prize_kind: 'points',
        is_win: 1,
        message: '恭喜您获得 100积分！100 积分已到账',
      },
    });
    const [m] = await q(sql`select points from members where id = ${demoId}`);
    expect(m!.points).toBe(before + 100);
    const [log] = await q(
      sql`select points, reason from points_logs where member_id = ${demoId} order by id desc limit 1`,
    );
    expect(log).toEqual({ points: 100, reason: '抽奖奖品：100积分' });

    expect((await member.get('/api/draw/simple')).body.data).toMatchObject({ id, is_join: 1 });
    const again = await member.post(`/api/draw/${id}/activity`);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('您已参与过本次抽奖，请到个人中心查看抽奖记录');

    const mine = await member.get('/api/draw/record');
    expect(mine.body.data.list[0]).toMatchObject({
      draw_id: id,
      draw_name: '双11幸运抽奖',
      prize_name: '100积分',
    });
    const winners = await member.get(`/api/draw/new_record?id=${id}`);
    expect(winners.body.data[0]).toMatchObject({ prize_name: '100积分' });
    expect(winners.body.data[0].name).toMatch(/\*/);
    const ads = await new Client(t.app).get('/api/draw/ads');
    expect(ads.body.data).toContainEqual({ id, url: '', image: '/media/draw.png', title: '双11幸运抽奖' });
    await admin.post(`/api/admin/draws/${id}`, {
      name: '双11幸运抽奖',
      starts_at: iso(-DAY),
      ends_at: iso(DAY),
      enabled: '0',
    });
  });

  it('awards balance with a money log, a coupon of source draw, and goods pending shipping', async () => {
    const tpl = await createCouponTemplate(t.ctx.database.db, {
      name: '抽奖满100减10',
      kind: 'manjian',
      threshold: 10_000,
      amount: 1_000,
      validFrom: new Date(t.clock.now.getTime() - DAY),
      validTo: new Date(t.clock.now.getTime() + 30 * DAY),
    });
    const cases = [
      {
        prize: { name: '5元余额', kind: 'balance', amount: '5.00' },
        check: sql`select amount, use_type, remark from money_logs where member_id = ${demoId} order by id desc limit 1`,
        want: { amount: 500, use_type: 8, remark: '抽奖奖品：5元余额' },
      },
      {
        prize: { name: '满100减10券', kind: 'coupon', coupon_template_id: tpl },
        check: sql`select template_id, source from member_coupons where member_id = ${demoId} order by id desc limit 1`,
        want: { template_id: tpl, source: 'draw' },
      },
      {
        prize: { name: '电子血压计', kind: 'goods' },
        check: sql`select prize_name, fulfilment from draw_records where member_id = ${demoId} order by id desc limit 1`,
        want: { prize_name: '电子血压计', fulfilment: 'pending' },
      },
    ];
    for (const c of cases) {
      const id = await newDraw(`抽奖-${c.prize.name}`);
      await addPrize(id, { ...c.prize, odds: 10_000, stock: 1 });
      const r = await member.post(`/api/draw/${id}/activity`);
      expect(r.body.data, r.body.msg).toMatchObject({ prize_name: c.prize.name, is_win: 1 });
      expect((await q(c.check))[0]).toEqual(c.want);
      await admin.post(`/api/admin/draws/${id}`, {
        name: 'x',
        starts_at: iso(-DAY),
        ends_at: iso(DAY),
        enabled: '0',
      });
    }
  });

  it('draws 谢谢参与 once the only prize is gone, leaving its counter alone', async () => {
    const id = await newDraw('库存用尽');
    const gift = await addPrize(id, { name: '保温杯', kind: 'goods', odds: 10_000, stock: 0 });
    const r = await member.post(`/api/draw/${id}/activity`);
    expect(r.body.data).toMatchObject({ prize_id: 0, prize_name: '谢谢参与', is_win: 0, prize_kind: 'none' });
    expect(r.body.data.message).toBe('很遗憾，您未中奖（谢谢参与）');
    const [p] = await q(sql`select awarded from draw_prizes where id = ${gift.id}`);
    expect(p!.awarded).toBe(0);
    // Past its window the draw is refused and the pop-up query offers nothing.
    await admin.post(`/api/admin/draws/${id}`, {
      name: '库存用尽',
      starts_at: iso(-2 * DAY),
      ends_at: iso(-DAY),
    });
    const late = await new Client(t.app);
    await late.login('demo_bj', 'demo123456');
    expect((await late.post(`/api/draw/${id}/activity`)).body.msg).toBe('活动已结束');
  });

  it('the GET form of the draw needs the XSRF header (a link on another site cannot draw)', async () => {
    const id = await newDraw('GET抽奖');
    await addPrize(id, { name: '10积分', kind: 'points', value: 10, odds: 10_000, stock: 10 });
    const c = new Client(t.app);
    await c.login('demo_bj', 'demo123456');
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/draw/${id}/activity`,
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(forged.statusCode).toBe(403);
    const real = await t.app.inject({
      method: 'GET',
      url: `/api/draw/${id}/activity`,
      headers: {
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': c.cookies.get('XSRF-TOKEN')!,
      },
    });
    expect(real.json()).toMatchObject({ code: 10000, data: { prize_name: '10积分' } });
    expect((await new Client(t.app).post(`/api/draw/${id}/activity`)).status).toBe(401);
    await admin.post(`/api/admin/draws/${id}`, {
      name: 'x',
      starts_at: iso(-DAY),
      ends_at: iso(DAY),
      enabled: '0',
    });
  });
});

describe('the operator screens', () => {
  it('refuses odds past 10,000, edits and deletes prizes, lists winners by prize and ships goods', async () => {
    const id = await newDraw('运营抽奖', { enabled: '0' });
    const a = await addPrize(id, { name: '血压计', kind: 'goods', odds: 6_000, stock: 3 });
    const over = await admin.post(`/api/admin/draws/${id}/prizes`, {
      name: '多',
      kind: 'points',
      value: 1,
      odds: 4_001,
    });
    expect(over.status).toBe(422);
    expect(over.body.msg).toBe('各奖品中奖概率之和不能超过10000（其他奖品已占6000）');
    const none = await addPrize(id, { name: '谢谢参与', kind: 'none', odds: 4_000 });
    const detail = (await admin.get(`/api/admin/draws/${id}`)).body.data;
    expect(detail).toMatchObject({ odds_total: 10_000, status: 'disabled', prizes: 2 });
    const edit = await admin.post(`/api/admin/draw_prizes/${a.id}`, {
      name: '电子血压计',
      kind: 'goods',
      odds: 6_000,
      stock: 2,
    });
    expect(edit.body.data.prizes_list[0]).toMatchObject({ name: '电子血压计', stock: 2 });
    expect((await admin.post(`/api/admin/draw_prizes/${none.id}/delete`)).body.code).toBe(10000);

    await admin.post(`/api/admin/draws/${id}`, {
      name: '运营抽奖',
      starts_at: iso(-DAY),
      ends_at: iso(DAY),
      enabled: '1',
    });
    await admin.post(`/api/admin/draw_prizes/${a.id}`, {
      name: '电子血压计',
      kind: 'goods',
      odds: 10_000,
      stock: 2,
    });
    const r = await member.post(`/api/draw/${id}/activity`);
    expect(r.body.data.prize_name).toBe('电子血压计');
    const list = await admin.get(`/api/admin/draws/${id}/records?prize_id=${a.id}&fulfilment=pending`);
    expect(list.body.data).toMatchObject({
      total: 1,
      list: [{ member_name: 'demo', fulfilment_text: '待发货' }],
    });
    const recId = list.body.data.list[0].id;
    expect((await admin.post(`/api/admin/draw_records/${recId}/ship`)).body.msg).toBe('已标记发货');
    expect((await admin.post(`/api/admin/draw_records/${recId}/ship`)).body.msg).toBe('该奖品已发货');
    expect((await member.get('/api/draw/record')).body.data.list[0]).toMatchObject({
      fulfilment_text: '已发货',
    });
    expect((await admin.post(`/api/admin/draw_prizes/${a.id}/delete`)).body.msg).toBe(
      '该奖品已有人抽中，不能删除，可将概率改为0',
    );
    expect((await admin.post(`/api/admin/draws/${id}/delete`)).body.msg).toBe(
      '已有会员参与该抽奖，不能删除，可将其停用',
    );
    const [audit] = await q(sql`select count(*)::int as n from operator_audit where action like 'draw.%'`);
    expect(audit!.n).toBeGreaterThanOrEqual(6);
    await admin.post(`/api/admin/draws/${id}`, {
      name: 'x',
      starts_at: iso(-DAY),
      ends_at: iso(DAY),
      enabled: '0',
    });
  });

  it('lets 客服 read but not edit', async () => {
    const kefu = new Client(t.app);
    await kefu.post('/api/admin/login', { username: 'kefu', password: 'admin123456' });
    expect((await kefu.get('/api/admin/draws')).body.code).toBe(10000);
    expect((await kefu.post('/api/admin/draws', { name: 'x' })).status).toBe(403);
  });
});

describe('races', () => {
  let buyers: Buyer[];
  beforeAll(async () => {
    buyers = await cloneBuyers(t.ctx.database.db, 200, 'drawrace');
  });
  const drawAs = (b: Buyer, id: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/draw/${id}/activity`,
      headers: { authorization: `Bearer ${b.token}` },
    });

  it('200 members drawing at once on a prize of stock 10 and odds 10,000: 10 awarded, nobody twice', async () => {
    const id = await newDraw('并发抽奖');
    const prize = await addPrize(id, { name: '定制药箱', kind: 'goods', odds: 10_000, stock: 10 });
    const replies = await Promise.all(buyers.map((b) => drawAs(b, id)));
    expect(replies.every((r) => r.json().code === 10000)).toBe(true);
    const won = replies.filter((r) => r.json().data.is_win === 1);
    expect(won).toHaveLength(10);
    const [counts] = await q(sql`select
        (select awarded from draw_prizes where id = ${prize.id}) as awarded,
        (select count(*)::int from draw_records where draw_id = ${id} and prize_id = ${prize.id}) as with_prize,
        (select count(*)::int from draw_records where draw_id = ${id}) as records,
        (select count(distinct member_id)::int from draw_records where draw_id = ${id}) as members`);
    expect(counts).toEqual({ awarded: 10, with_prize: 10, records: 200, members: 200 });
  }, 120_000);

  it('one member drawing 20 times at once gets one record', async () => {
    const id = await newDraw('重复抽奖');
    await addPrize(id, { name: '1积分', kind: 'points', value: 1, odds: 10_000, stock: 100 });
    const b = buyers[0]!;
    const replies = await Promise.all(Array.from({ length: 20 }, () => drawAs(b, id)));
    expect(replies.filter((r) => r.json().code === 10000)).toHaveLength(1);
    const [n] =
      await q(sql`select count(*)::int as n, (select awarded from draw_prizes where draw_id = ${id}) as awarded
      from draw_records where draw_id = ${id} and member_id = ${b.memberId}`);
    expect(n).toEqual({ n: 1, awarded: 1 });
    const [p] = await q(
      sql`select count(*)::int as n from points_logs where member_id = ${b.memberId} and reason = '抽奖奖品：1积分'`,
    );
    expect(p!.n).toBe(1);
  }, 60_000);
});
