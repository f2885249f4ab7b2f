import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { DEMO_LOGINS, seedDemo } from './index.js';
import { Client, createTestApp, type TestApp } from '../test/helper.js';
import { goods } from '../modules/catalog/schema.js';
import { members } from '../modules/account/schema.js';
import { purchaseBlocks } from '../modules/compliance/service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx.database.db, { goods: 300 });
}, 120_000);
afterAll(() => t.close());

describe('the demo seed', () => {
  it('gives demo a scope-restricted item, released and unreleased 控销 goods, and working logins', async () => {
    const db = t.ctx.database.db;
    const [demo] = await db
      .select({ id: members.id })
      .from(members)
      .where(inArray(members.username, ['demo']));
    const all = await db.select({ id: goods.id }).from(goods);
    const blocks = await purchaseBlocks(
      db,
      demo!.id,
      all.map((g) => ({ goodsId: g.id })),
      t.clock.now,
    );
    const rules = new Set([...blocks.values()].map((b) => b.rule));
    expect(rules.has('scope')).toBe(true);
    expect(rules.has('kx_not_released')).toBe(true);
    expect(blocks.size).toBeLessThan(all.length / 2);
    for (const [i, u] of ['demo', 'demo_bj', 'pending'].entries()) {
      expect((await new Client(t.app, `10.8.0.${i + 1}`).login(u, 'demo123456')).body.code).toBe(10000);
    }
    const operators = DEMO_LOGINS.filter((l) => l.role.startsWith('operator'));
    expect(operators.map((l) => l.username)).toEqual(['admin', 'kefu', 'cangku', 'caiwu']);
    for (const [i, l] of operators.entries()) {
      const c = new Client(t.app, `10.8.1.${i + 1}`);
      await c.get('/api/health');
      const res = await c.post('/api/admin/login', { username: l.username, password: l.password });
      expect(res.body.code).toBe(10000);
    }
  });
});
