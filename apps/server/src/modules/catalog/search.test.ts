import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/index.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';

/** Relevance and the search calls on the default demo seed (2,400 goods). */
let t: TestApp;
let c: Client;

interface Item {
  id: number;
  name: string;
  trade_name: string;
  sccj: string;
  approval_no: string;
  is_buy: number;
  number: number;
  validity: string | null;
  sales: number;
  tags: { name: string }[];
}
const list = async (query: string) => {
  const res = await c.get(`/api/goods/list?${query}`);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data as {
    list: Item[];
    total: number;
    page: number;
    page_size: number;
    total_page: number;
  };
};
const enc = encodeURIComponent;
const buyable = (g: Item) => g.is_buy === 1 && g.number > 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx.database.db);
  c = new Client(t.app);
}, 120_000);
afterAll(() => t?.close());

describe('relevance: query → expected top hits', () => {
  it.each([
    ['amxl', 0, (g: Item) => g.name.startsWith('阿莫西林')],
    ['amoxi', 0, (g: Item) => g.name.startsWith('阿莫西林')],
    ['AMXL', 0, (g: Item) => g.name.startsWith('阿莫西林')],
    ['阿莫西林', 0, (g: Item) => g.name.startsWith('阿莫西林')],
    ['hrsj', 1, (g: Item) => g.sccj.startsWith('华润三九')],
    ['华润三九', 1, (g: Item) => g.sccj.startsWith('华润三九')],
  ] as const)('%s (type %i)', async (kw, type, top) => {
    const data = await list(`keywords=${enc(kw)}&type=${type}&page_size=5`);
    expect(data.total).toBeGreaterThan(0);
    expect(data.list[0] && top(data.list[0]), JSON.stringify(data.list[0]?.name)).toBe(true);
  });

  it('matches any contiguous part of the initials: xl finds 阿莫西林', async () => {
    const data = await list('keywords=xl&page_size=100');
    const all = [data.list];
    for (let p = 2; p <= data.total_page; p++)
      all.push((await list(`keywords=xl&page_size=100&page=${p}`)).list);
    expect(all.flat().some((g) => g.name.startsWith('阿莫西林'))).toBe(true);
  });

  it('matches a Chinese substring in the generic or trade name', async () => {
    const data = await list(`keywords=${enc('莫西')}&page_size=100`);
    expect(data.total).toBeGreaterThan(0);
    for (const g of data.list) expect(`${g.name}|${g.trade_name}`).toContain('莫西');
  });

  it('finds goods by approval number, the exact one first', async () => {
    const [first] = (await list(`keywords=${enc('阿莫西林')}&page_size=1`)).list;
    const data = await list(`keywords=${enc(first!.approval_no)}`);
    expect(data.list[0]!.approval_no).toBe(first!.approval_no);
    const digits = first!.approval_no.replace(/^\D+/, '').slice(0, 6);
    const part = await list(`keywords=${digits}&page_size=100`);
    expect(part.list.some((g) => g.approval_no === first!.approval_no)).toBe(true);
  });

  it('ranks exact, then prefix, then substring; purchasable first within a rank', async () => {
    const kw = '感冒';
    const data = await list(`keywords=${enc(kw)}&page_size=100`);
    const rank = (g: Item) =>
      g.name === kw || g.trade_name === kw ? 0 : g.name.startsWith(kw) || g.trade_name.startsWith(kw) ? 1 : 2;
    const ranks = data.list.map(rank);
    expect(new Set(ranks).size, 'the query should mix prefix and substring hits').toBeGreaterThan(1);
    for (let i = 1; i < data.list.length; i++) {
      const [a, b] = [data.list[i - 1]!, data.list[i]!];
      expect(rank(a)).toBeLessThanOrEqual(rank(b));
      if (rank(a) === rank(b) && !buyable(a)) expect(buyable(b)).toBe(false);
    }
  });

  it('one letter matches the start of a name', async () => {
    const data = await list('keywords=a&page_size=100');
    expect(data.total).toBeGreaterThan(0);
    expect(data.list.some((g) => g.name.startsWith('阿莫西林'))).toBe(true);
  });
});

describe('sort by expiry', () => {
  it('lists the earliest lot expiry first, goods without stock last', async () => {
    const data = await list('sort=expiry&page_size=100');
    const dates = data.list.map((g) => g.validity);
    const known = dates.filter((d): d is string => d !== null);
    expect(known).toEqual([...known].sort());
    const last = await list(`sort=expiry&page_size=100&page=${data.total_page}`);
    expect(last.list.at(-1)!.validity).toBeNull();
  });

  it('reverses with order=desc and keeps the paginated shape', async () => {
    const data = await list('sort=expiry&order=desc&page_size=10&keywords=amxl');
    expect(Object.keys(data).sort()).toEqual(['list', 'page', 'page_size', 'total', 'total_page']);
    const known = data.list.map((g) => g.validity).filter((d): d is string => d !== null);
    expect(known).toEqual([...known].sort().reverse());
  });
});
