import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDate } from '@kc/domain';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { createActivity } from '../activity/service.js';
import { createCategory, createGoods, createWarehouse, type NewGoods } from './service.js';

// Issue 17 item 6 (decision 064): the goods lists flag, for a member with a shelf-life floor,
// goods whose sellable lots all expire before it; visitors and members without one see no flag.
let t: TestApp;
let short = 0;
let long = 0;
let member: Client;
let noFloor: Client;
let visitor: Client;
const inMonths = (n: number) => chinaDate(new Date(t.clock.now.getTime() + n * 30.5 * 86_400_000));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db, t.clock.now);
  const categoryId = await createCategory(db, { name: '维生素类', code: 'wss' });
  const ckId = await createWarehouse(db, { name: '杭州仓' });
  const base = (over: Partial<NewGoods>): NewGoods => ({
    name: '效期测试片',
    ypgg: '0.1g*100片',
    sccj: '华润三九医药股份有限公司',
    scopeClass: '化学药制剂',
    categoryId,
    ckId,
    basePrice: 500,
    price: 400,
    ...over,
  });
  short = await createGoods(
    db,
    base({
      name: '效期测试片近效期',
      sales: 20,
      lots: [
        { batchNo: 'S-6M', producedOn: inMonths(-18), expiresOn: inMonths(6), quantity: 50 },
        // Neither an expired lot nor an empty long one makes it acceptable.
        { batchNo: 'S-OLD', producedOn: inMonths(-40), expiresOn: inMonths(-1), quantity: 80 },
        { batchNo: 'S-EMPTY', producedOn: inMonths(-2), expiresOn: inMonths(30), quantity: 5 },
      ],
    }),
  );
  // The long lot sold out.
  await db.execute(sql`update goods_lots set quantity = 0 where batch_no = 'S-EMPTY'`);
  long = await createGoods(
    db,
    base({
      name: '效期测试片远效期',
      sales: 10,
      lots: [
        { batchNo: 'L-6M', producedOn: inMonths(-18), expiresOn: inMonths(6), quantity: 20 },
        { batchNo: 'L-24M', producedOn: inMonths(-1), expiresOn: inMonths(24), quantity: 20 },
      ],
    }),
  );
  member = new Client(t.app);
  await member.login('demo', 'demo123456');
  expect((await member.post('/api/user/shelf_floor', { months: 12 })).body.code).toBe(10000);
  noFloor = new Client(t.app);
  await noFloor.login('demo_bj', 'demo123456');
  visitor = new Client(t.app);
});
afterAll(() => t.close());

type Item = { id: number; below_floor?: unknown };
const byId = (list: Item[]) => new Map(list.map((g) => [g.id, g]));

describe('the shelf-life floor on the goods lists', () => {
  it('flags, for a member with a 12-month floor, the goods whose lots are all short-dated', async () => {
    const r = await member.get(`/api/goods/list?keywords=${encodeURIComponent('效期测试片')}`);
    expect(r.body.code).toBe(10000);
    // Flagged, not hidden: both goods stay in the list and its count.
    expect(r.body.data.total).toBe(2);
    const goods = byId(r.body.data.list);
    expect(goods.get(short)!.below_floor).toEqual({
      months: 12,
      latest: inMonths(6),
      text: `现有批号效期最长至${inMonths(6)}，不足您设置的12个月效期要求，下单时无法分配`,
    });
    expect(goods.get(long)!.below_floor).toBeNull();
  });

  it('flags the same goods in the search box suggestions, the hot goods and the recommendations', async () => {
    const suggested = await member.get(`/api/goods/suggest_goods?keywords=${encodeURIComponent('效期测试')}`);
    expect(byId(suggested.body.data.list).get(short)!.below_floor).toMatchObject({ months: 12 });
    expect(byId(suggested.body.data.list).get(long)!.below_floor).toBeNull();
    const hot = await member.get('/api/goods/hot');
    expect(byId(hot.body.data).get(short)!.below_floor).toMatchObject({ months: 12 });
    const wntj = await member.get('/api/index_wntj/1');
    expect(byId(wntj.body.data.list).get(short)!.below_floor).toMatchObject({ months: 12 });
    expect(byId(wntj.body.data.list).get(long)!.below_floor).toBeNull();
  });

  it("flags them on an activity page's goods sections", async () => {
    const hour = 3_600_000;
    await createActivity(t.ctx.database.db, {
      kind: 'template',
      name: '效期专场',
      url: '/xq_floor',
      rules: { sections: [{ title: '专场', goodsIds: [short, long] }], couponIds: [] },
      startsAt: new Date(t.clock.now.getTime() - hour),
      endsAt: new Date(t.clock.now.getTime() + 24 * hour),
    });
    const info = (c: Client) => c.get(`/api/activity/info?url=${encodeURIComponent('/xq_floor')}`);
    const list = (await info(member)).body.data.sections[0].list as Item[];
    expect(byId(list).get(short)!.below_floor).toMatchObject({ months: 12, latest: inMonths(6) });
    expect(byId(list).get(long)!.below_floor).toBeNull();
    for (const c of [visitor, noFloor])
      for (const g of (await info(c)).body.data.sections[0].list as Item[])
        expect(g).not.toHaveProperty('below_floor');
  });

  it('follows the floor the member sets: a 3-month floor accepts the 6-month lot', async () => {
    await member.post('/api/user/shelf_floor', { months: 3 });
    const r = await member.get(`/api/goods/list?keywords=${encodeURIComponent('效期测试片')}`);
    expect(byId(r.body.data.list).get(short)!.below_floor).toBeNull();
    await member.post('/api/user/shelf_floor', { months: 12 });
  });

  it('carries no flag for a visitor or a member without a floor', async () => {
    for (const c of [visitor, noFloor]) {
      const r = await c.get(`/api/goods/list?keywords=${encodeURIComponent('效期测试片')}`);
      expect(r.body.data.total).toBe(2);
      for (const g of r.body.data.list as Item[]) expect(g).not.toHaveProperty('below_floor');
    }
  });
});
