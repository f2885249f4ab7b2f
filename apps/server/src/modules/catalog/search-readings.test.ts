import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/index.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { sql } from 'drizzle-orm';
import { reindexSearch } from './goods-write.js';

/**
 * Issue 17 §1 through the calls a buyer and an operator make: polyphones read either way,
 * the approval number and the English name searched on every write path.
 */
let t: TestApp;
let visitor: Client;
let op: Client;
const enc = encodeURIComponent;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx.database.db);
  visitor = new Client(t.app, '10.17.0.1');
  op = new Client(t.app, '10.17.0.2');
  await op.get('/api/health');
  expect((await op.post('/api/admin/login', { username: 'admin', password: 'admin123456' })).body.code).toBe(
    10000,
  );
}, 180_000);
afterAll(() => t?.close());

async function names(keywords: string, type = 0): Promise<string[]> {
  const res = await visitor.get(`/api/goods/list?keywords=${enc(keywords)}&type=${type}&page_size=100`);
  expect(res.body.code).toBe(10000);
  return (res.body.data.list as { name: string; sccj: string }[]).map((g) => (type ? g.sccj : g.name));
}

describe('goods written in the back office', () => {
  let id: number;
  it('are found by initials of either reading, by maker, by approval number and by English name', async () => {
    const cats = (await op.get('/api/admin/categories')).body.data as { id: number; name: string }[];
    const whs = (await op.get('/api/admin/warehouses')).body.data as { id: number }[];
    const res = await op.post('/api/admin/goods', {
      name: '参麦注射液',
      ypgg: '10ml*5支',
      sccj: '上海朝晖药业有限公司',
      approval_no: '国药准字Z97001234',
      inn_name: 'Shenmai Injection',
      rx_class: 'rx',
      scope_class: '中成药',
      category_id: cats.find((c) => c.name === '中成药')!.id,
      ck_id: whs[0]!.id,
      base_price: '30.00',
      price: '25.00',
    });
    expect(res.body.code).toBe(10000);
    id = res.body.data.id;
    for (const kw of ['smzsy', 'cmzsy', 'cm', 'canmai', 'Z97001234', '97001234', 'shenmai', '参麦'])
      expect(await names(kw), kw).toContain('参麦注射液');
    for (const kw of ['shzhyy', 'shchyy', 'zhyy', 'shanghaichaohui', 'shanghaizhaohui', '朝晖'])
      expect(await names(kw, 1), kw).toContain('上海朝晖药业有限公司');
    const detail = (await op.get(`/api/admin/goods/${id}`)).body.data;
    expect(detail.inn_name).toBe('Shenmai Injection');
  });

  it('an edit recomputes the terms: the new name, maker and approval number, not the old', async () => {
    const res = await op.post(`/api/admin/goods/${id}`, {
      name: '百咳静糖浆',
      sccj: '上海闵行制药厂',
      approval_no: '国药准字Z97005678',
      inn_name: '',
    });
    expect(res.body.code).toBe(10000);
    for (const kw of ['bkjtj', 'bhjtj', 'baihaijing', '97005678'])
      expect(await names(kw), kw).toContain('百咳静糖浆');
    for (const kw of ['cmzsy', '97001234', 'shenmai'])
      expect(await names(kw), kw).not.toContain('百咳静糖浆');
    for (const kw of ['shmhzyc', 'shmxzyc', 'mhzy', 'shanghaiminhang', 'shanghaiminxing'])
      expect(await names(kw, 1), kw).toContain('上海闵行制药厂');
  });
});

describe('the demo catalogue', () => {
  it('amoxicillin finds the 阿莫西林 goods, whole-name matches first', async () => {
    const found = await names('amoxicillin');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((n) => n.startsWith('阿莫西林'))).toBe(true);
    // Amoxicillin is the whole English name of 阿莫西林 and starts that of 阿莫西林克拉维酸钾.
    expect(found.findIndex((n) => n.startsWith('阿莫西林克拉维酸钾'))).toBeGreaterThan(
      found.findLastIndex((n) => !n.startsWith('阿莫西林克拉维酸钾')),
    );
    expect(await names('atorvastatin')).toContainEqual(expect.stringMatching(/^阿托伐他汀钙/));
  });

  it('a reading left out as rare does not flood a maker search', async () => {
    // 股份 is never read gǔ bīn: `gbyx` matches no 股份有限公司.
    expect(await names('gbyx', 1)).toEqual([]);
  });
});

describe('GET /api/goods/suggest_goods (the dropdown’s goods)', () => {
  it('lists up to six goods, a whole-name match first, with what the dropdown shows', async () => {
    const res = await visitor.get(`/api/goods/suggest_goods?keywords=${enc('阿莫西林胶囊')}`);
    expect(res.body.code).toBe(10000);
    const { keywords, list, total } = res.body.data as {
      keywords: string;
      total: number;
      list: Record<string, unknown>[];
    };
    expect(keywords).toBe('阿莫西林胶囊');
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(6);
    expect(total).toBeGreaterThanOrEqual(list.length);
    expect(list[0]!.name).toBe('阿莫西林胶囊');
    for (const g of list) {
      expect(g).toMatchObject({
        ypgg: expect.any(String),
        sccj: expect.any(String),
        zbz: expect.any(Number),
      });
      expect(typeof g.number).toBe('number');
      expect(g.price).toBeNull(); // a visitor sees 登录可见
    }
    // Names that merely contain the keyword (注射用阿莫西林…) never come before it.
    const first = list.findIndex((g) => g.name !== '阿莫西林胶囊');
    if (first >= 0) expect(list.slice(first).every((g) => g.name !== '阿莫西林胶囊')).toBe(true);
  });

  it('prices the goods for a member and explains what cannot be bought', async () => {
    const member = new Client(t.app, '10.17.0.3');
    expect((await member.login('demo', 'demo123456')).body.code).toBe(10000);
    const res = await member.get(`/api/goods/suggest_goods?keywords=amxl`);
    const list = res.body.data.list as { price: string | null; buy_block: unknown }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((g) => typeof g.price === 'string' && 'buy_block' in g)).toBe(true);
  });

  it('keeps the word suggestions a list of strings; an empty keyword lists nothing; a bad type is refused', async () => {
    const words = (await visitor.get('/api/goods/search?keywords=cmzsy')).body.data as unknown[];
    expect(words.every((w) => typeof w === 'string')).toBe(true);
    expect((await visitor.get('/api/goods/suggest_goods?keywords=')).body.data).toEqual({
      keywords: '',
      list: [],
      total: 0,
    });
    const bad = await visitor.get('/api/goods/suggest_goods?keywords=a&type=5');
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('搜索类型只能是0或1');
  });
});

describe('reindexSearch (npm run seed -- --reindex-search)', () => {
  it('recomputes the search columns of goods written before the terms changed', async () => {
    const db = t.ctx.database.db;
    // As a catalogue written before: first readings only, no approval number, no INN.
    await db.execute(sql`update goods set search_grams = array['cp:' || left(name, 1)]::text[],
      py_initials = '', py_full = '', sccj_py_initials = '', sccj_py_full = ''
      where name like '阿莫西林%'`);
    expect(await names('amoxicillin')).toEqual([]);
    const n = await reindexSearch(db, 500);
    expect(n).toBeGreaterThan(1000);
    expect((await names('amoxicillin')).length).toBeGreaterThan(0);
    expect((await names('emxl')).length).toBeGreaterThan(0);
  });
});
