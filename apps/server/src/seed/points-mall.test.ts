import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../modules/account/schema.js';
import { changePoints } from '../modules/wallet/service.js';
import { Client, createTestApp, type TestApp } from '../test/helper.js';
import { seedAccounts } from './accounts.js';
import { seedPointsMall } from './points-mall.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db, t.clock.now);
  const [demo] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'demo'));
  await db.transaction((tx) => changePoints(tx, demo!.id, 840, '演示积分', null, t.clock.now));
  await seedPointsMall(db, t.clock.now);
});
afterAll(() => t.close());

describe('the points mall demo data', () => {
  it('shows eight gifts, some the demo member affords, and a shipped points order in /jfdd', async () => {
    const demo = new Client(t.app);
    await demo.login('demo', 'demo123456');
    const mall = await demo.get('/api/points/goods');
    expect(mall.body.data.total).toBe(8);
    expect(mall.body.data.my_points).toBe(640);
    const list = mall.body.data.list as { affordable: number; stock_state: string; image: string }[];
    expect(list.filter((g) => g.affordable === 1).length).toBeGreaterThanOrEqual(3);
    expect(list.some((g) => g.stock_state === 'sold_out')).toBe(true);
    expect(list.every((g) => g.image.length > 0)).toBe(true);
    const orders = await demo.get('/api/points/orders');
    expect(orders.body.data.list).toMatchObject([
      { status_text: '已发货', points: 200, carrier: '顺丰速运', tracking_no: 'SF1406273318' },
    ]);
  });
});
