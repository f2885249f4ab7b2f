import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { AppError } from '../../platform/errors.js';
import { members } from '../account/schema.js';
import { goods } from '../catalog/schema.js';
import {
  addKxRelease,
  createCategory,
  createGoods,
  createWarehouse,
  kxVisibilitySql,
  type NewGoods,
} from '../catalog/service.js';
import { reviewDocument } from '../account/review.js';
import { uploadDocument } from '../account/documents.js';
import { checkFile } from '../account/uploads.js';
import { PNG_1PX, inDays } from '../../test/account-fixtures.js';
import { assertContractSigned, purchaseBlocks } from './service.js';

let t: TestApp;
const db = () => t.ctx.database.db;
const g = { chem: 0, bio: 0, hm: 0, kxOpen: 0, kxClosed: 0, kxHospital: 0 };
const who = { demo: 0, pending: 0 };

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
  const cat = await createCategory(db(), { name: '西药', code: 'xy' });
  const ck = await createWarehouse(db(), { name: '杭州仓' });
  const mk = (name: string, over: Partial<NewGoods> = {}) =>
    createGoods(db(), {
      name,
      ypgg: '10片',
      sccj: '某药业',
      scopeClass: '化学药制剂',
      categoryId: cat,
      ckId: ck,
      basePrice: 1000,
      price: 800,
      ...over,
    });
  g.chem = await mk('阿莫西林胶囊');
  g.bio = await mk('重组人干扰素', { scopeClass: '生物制品' });
  g.hm = await mk('氨麻美敏片', { isHm: true, qgNumber: 20 });
  g.kxOpen = await mk('控销甲', { zones: ['kx'] });
  g.kxClosed = await mk('控销乙', { zones: ['kx'] });
  g.kxHospital = await mk('控销丙', { zones: ['kx'] });
  await addKxRelease(db(), { goodsId: g.kxOpen, region: '浙江省' });
  await addKxRelease(db(), { goodsId: g.kxClosed, region: '江苏省' });
  await addKxRelease(db(), { goodsId: g.kxHospital, buyerGroup: '医院' });
  const rows = await db()
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(inArray(members.username, ['demo', 'pending']));
  for (const r of rows) who[r.username as 'demo' | 'pending'] = r.id;
});
afterAll(() => t.close());

const all = () => Object.values(g).map((goodsId) => ({ goodsId }));
const rules = (m: Map<number, { rule: string }>) => Object.fromEntries([...m].map(([id, b]) => [id, b.rule]));

describe('purchaseBlocks', () => {
  it('blocks everything for a visitor', async () => {
    const m = await purchaseBlocks(db(), null, all(), t.clock.now);
    expect(new Set(Object.values(rules(m)))).toEqual(new Set(['visitor']));
    expect(m.get(g.chem)?.link).toBe('/login');
  });

  it('blocks everything for a member not yet approved', async () => {
    const m = await purchaseBlocks(db(), who.pending, all(), t.clock.now);
    expect(m.size).toBe(6);
    expect(m.get(g.chem)).toMatchObject({
      rule: 'not_approved',
      reason: '您的资质正在审核中，审核通过后即可购买',
    });
  });

  it('for the approved demo: scope, 控销 and the 含麻 limit only', async () => {
    const m = await purchaseBlocks(db(), who.demo, [...all(), { goodsId: g.hm, number: 21 }], t.clock.now);
    expect(rules(m)).toEqual({
      [g.bio]: 'scope',
      [g.kxClosed]: 'kx_not_released',
      [g.kxHospital]: 'kx_not_released',
      [g.hm]: 'hm_limit',
    });
    expect(m.get(g.bio)?.reason).toBe('您的经营范围不包含“生物制品”，暂不能购买');
    const fine = await purchaseBlocks(
      db(),
      who.demo,
      [{ goodsId: g.hm, number: 20 }, { goodsId: g.chem }],
      t.clock.now,
    );
    expect(fine.size).toBe(0);
  });

  it('costs the same number of queries for 1 line or 6', async () => {
    const stats = t.ctx.database.stats;
    let before = stats.statements;
    await purchaseBlocks(db(), who.demo, [{ goodsId: g.chem }], t.clock.now);
    const one = stats.statements - before;
    before = stats.statements;
    await purchaseBlocks(db(), who.demo, all(), t.clock.now);
    expect(stats.statements - before).toBe(one);
    expect(one).toBeLessThanOrEqual(2);
  });

  it('an expired licence blocks until a renewed one is approved', async () => {
    const at = t.clock.now;
    t.clock.now = new Date(at.getTime() + 400 * 86_400_000);
    try {
      const m = await purchaseBlocks(db(), who.demo, [{ goodsId: g.chem }], t.clock.now);
      expect(m.get(g.chem)).toMatchObject({ rule: 'licence_expired', link: '/zzzj' });
      const renewals = [];
      for (const type of ['business_licence', 'drug_licence'] as const) {
        renewals.push(
          await uploadDocument(
            db(),
            who.demo,
            { type, number: `R-${type}`, valid_to: inDays(t.clock.now, 365), file_name: '' },
            await checkFile(Buffer.from(PNG_1PX, 'base64')),
            t.clock.now,
          ),
        );
      }
      const pending = await purchaseBlocks(db(), who.demo, [{ goodsId: g.chem }], t.clock.now);
      expect(pending.get(g.chem)?.reason).toContain('新证件正在审核中');
      for (const d of renewals) await reviewDocument(db(), d.id, { approve: true }, t.clock.now);
      expect((await purchaseBlocks(db(), who.demo, [{ goodsId: g.chem }], t.clock.now)).size).toBe(0);
      // The 含麻 letter expired too.
      expect((await purchaseBlocks(db(), who.demo, [{ goodsId: g.hm }], t.clock.now)).get(g.hm)?.rule).toBe(
        'hm_letter',
      );
    } finally {
      t.clock.now = at;
    }
  });
});

describe('kxVisibilitySql', () => {
  const visible = async (memberId: number | null) => {
    const rows = await db()
      .select({ id: goods.id })
      .from(goods)
      .where(and(kxVisibilitySql(memberId), eq(goods.onShelf, true)));
    return rows.map((r) => r.id).sort((a, b) => a - b);
  };
  it('hides unreleased 控销 goods, shows the rest', async () => {
    expect(await visible(null)).toEqual([g.chem, g.bio, g.hm]);
    expect(await visible(who.demo)).toEqual([g.chem, g.bio, g.hm, g.kxOpen]);
  });
});

describe('assertContractSigned', () => {
  it('throws 459 until the e-contract is signed', async () => {
    await expect(assertContractSigned(db(), who.demo)).resolves.toBeUndefined();
    const err = await assertContractSigned(db(), who.pending).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(459);
    expect((err as AppError).message).toBe('请先签署电子合同');
  });
});
