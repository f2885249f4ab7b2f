import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { seedDemo } from '../../seed/index.js';
import { createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx.database.db, { goods: 150 });
}, 120_000);
afterAll(() => t.close());

describe('the stock ledger of a freshly seeded database', () => {
  it('explains every goods stock: sum(ledger) = stock = sum(lots), with sales from the demo orders', async () => {
    const db = t.ctx.database.db;
    const off = rowsOf<{ id: number; stock: number; ledger: number; lots: number }>(
      await db.execute(`
        select g.id, g.stock,
          (select coalesce(sum(quantity), 0)::int from stock_movements m where m.goods_id = g.id) as ledger,
          (select coalesce(sum(quantity), 0)::int from goods_lots l where l.goods_id = g.id) as lots
        from goods g`),
    ).filter((g) => g.ledger !== g.stock || g.lots !== g.stock);
    expect(off).toEqual([]);
    const kinds = rowsOf<{ kind: string }>(
      await db.execute('select distinct kind from stock_movements order by kind'),
    );
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['opening', 'sale']));
  });
});
