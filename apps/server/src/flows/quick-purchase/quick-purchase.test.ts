// Quick purchase (issue 14 §1): matching a pasted or uploaded list, the cart add that learns
// the buyer's codes, GET /api/user/fast_buy, and the inputs a buyer (or a script) can get wrong.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderInput, QuickMatchReply } from '@kc/domain';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { cloneBuyers, type Buyer } from '../../modules/order/fixtures.js';
import { members } from '../../modules/account/schema.js';
import {
  createCategory,
  createGoods,
  createWarehouse,
  type NewGoods,
} from '../../modules/catalog/service.js';
import { addToCart } from '../../modules/cart/add.js';
import { placeOrder } from '../checkout/place.js';
import { payOrder } from '../payment/pay.js';
import { recharge } from '../../modules/wallet/service.js';
import { rowsOf } from '../../platform/db.js';
import { sql } from 'drizzle-orm';

let t: TestApp;
let demo: Client;
let demoId: number;
let other: Buyer;
const ids = {} as Record<'amox' | 'amox5' | 'ibu' | 'blgHz' | 'blgSh' | 'vc' | 'bio', number>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = ['商品编码', '商品名称', '规格', '生产厂家', '数量', '批准文号'];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db);
  const categoryId = await createCategory(db, { name: '西药', code: 'xy' });
  const hz = await createWarehouse(db, { name: '杭州仓' });
  const sh = await createWarehouse(db, { name: '上海仓' });
  const lot = (quantity: number) => [
    { batchNo: 'B1', producedOn: '2025-01-01', expiresOn: '2028-01-01', quantity },
  ];
  const g = (name: string, ypgg: string, sccj: string, over: Partial<NewGoods> = {}) =>
    createGoods(db, {
      name,
      ypgg,
      sccj,
      scopeClass: '化学药制剂',
      categoryId,
      ckId: hz,
      basePrice: 1800,
      price: 1290,
      lots: lot(2000),
      ...over,
    });
  ids.amox = await g('阿莫西林胶囊', '0.25g*24粒', '华北制药股份有限公司', {
    zbz: 10,
    approvalNo: '国药准字H13023964',
  });
  ids.amox5 = await g('阿莫西林胶囊', '0.5g*24粒', '华北制药股份有限公司', {
    zbz: 10,
    approvalNo: '国药准字H13023965',
  });
  ids.ibu = await g('布洛芬缓释胶囊', '0.3g*20粒', '中美天津史克制药有限公司', {
    price: 2350,
    approvalNo: '国药准字H10900089',
  });
  ids.blgHz = await g('板蓝根颗粒', '10g*20袋', '广州白云山和记黄埔中药有限公司', { zbz: 5, lots: [] });
  ids.blgSh = await g('板蓝根颗粒', '10g*20袋', '广州白云山和记黄埔中药有限公司', { zbz: 5, ckId: sh });
  ids.vc = await g('维生素C片', '0.1g*100片', '东北制药集团股份有限公司', { isBuy: false });
  ids.bio = await g('重组人干扰素', '300万IU', '安徽安科生物工程股份有限公司', { scopeClass: '生物制品' });
  demo = new Client(t.app);
  expect((await demo.login('demo', 'demo123456')).body.code).toBe(10000);
  const [d] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'demo'));
  demoId = d!.id;
  other = (await cloneBuyers(db, 1, 'quick'))[0]!;
});
afterAll(() => t.close());

const paste = (c: Client, text: string) => c.post('/api/quick_buy/match', { text });
const rowsOfReply = (r: { body: { data: QuickMatchReply } }) => r.body.data.rows;
const tsv = (rows: string[][]) => rows.map((r) => r.join('\t')).join('\n');

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('采购计划');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (c: Client, bytes: Buffer, name: string, type = XLSX_TYPE) =>
  postMultipart(c, '/api/quick_buy/match', { file: filePart(bytes, name, type) });

describe('matching a list', () => {
  it('matches by approval number, by name + specification + maker, and reports ambiguous and unmatched rows', async () => {
    const res = await paste(
      demo,
      tsv([
        HEADER,
        ['YP001', '阿莫西林胶囊', '0.25g×24粒', '华北制药', '25', '国药准字 H13023964'],
        ['YP002', '布洛芬缓释胶囊', '0.3g*20粒', '中美天津史克制药有限公司', '3', ''],
        ['YP003', '阿莫西林胶囊', '', '', '10', ''],
        ['YP004', '阿莫西林克拉维酸钾片', '0.228g*12片', '某某药业', '2', ''],
        ['YP005', '板蓝根颗粒', '10g*20袋', '广州白云山和记黄埔中药有限公司', '', ''],
      ]),
    );
    expect(res.body.code, res.body.msg).toBe(10000);
    expect(res.body.msg).toBe('共5行：匹配3行，待选择1行，未匹配1行');
    const rows = rowsOfReply(res);
    expect(rows[0]).toMatchObject({
      row: 2,
      code: 'YP001',
      status: 'matched',
      matched_by: 'approval_no',
      goods: { id: ids.amox, price: '12.90', zbz: 10 },
      quantity: 30,
      note: '已按中包装10盒调整为30盒',
    });
    expect(rows[1]).toMatchObject({
      status: 'matched',
      matched_by: 'name',
      goods: { id: ids.ibu },
      quantity: 3,
      note: '',
    });
    expect(rows[2]).toMatchObject({
      status: 'ambiguous',
      matched_by: 'name',
      note: '匹配到多个商品，请选择',
    });
    expect(rows[2]!.candidates.map((c) => c.id).sort()).toEqual([ids.amox, ids.amox5].sort());
    expect(rows[3]).toMatchObject({ status: 'unmatched', matched_by: null, goods: null });
    expect(rows[3]!.candidates.map((c) => c.name)).toContain('阿莫西林胶囊');
    // One product in two warehouses: the one with stock, at a middle pack when no quantity is given.
    expect(rows[4]).toMatchObject({
      status: 'matched',
      goods: { id: ids.blgSh, warehouse: '上海仓' },
      quantity: 5,
      note: '未填数量，按中包装5盒',
    });
  });

  it('reads a list pasted without a header by what its cells look like', async () => {
    const rows = rowsOfReply(
      await paste(demo, 'A-17\t布洛芬缓释胶囊\t0.3g*20粒\t中美天津史克制药有限公司\t6盒'),
    );
    expect(rows[0]).toMatchObject({
      code: 'A-17',
      name: '布洛芬缓释胶囊',
      ypgg: '0.3g*20粒',
      wanted: 6,
      status: 'matched',
      goods: { id: ids.ibu },
      quantity: 6,
    });
    const byApproval = rowsOfReply(await paste(demo, '国药准字H10900089 2'));
    expect(byApproval[0]).toMatchObject({ status: 'matched', matched_by: 'approval_no', quantity: 2 });
  });

  it('reads an .xlsx and a .csv export with the ERP wording of the headers', async () => {
    const book = await xlsx([
      ['货号', '通用名', '药品规格', '生产企业', '采购数量'],
      ['X1', '布洛芬缓释胶囊', '0.3g*20粒', '中美天津史克制药有限公司', 4],
    ]);
    const a = await upload(demo, book, '采购计划.xlsx');
    expect(a.body.code, a.body.msg).toBe(10000);
    expect(rowsOfReply(a)[0]).toMatchObject({
      code: 'X1',
      status: 'matched',
      goods: { id: ids.ibu },
      quantity: 4,
    });
    const text =
      '商品编码,商品名称,规格,生产厂家,数量\r\nC9,阿莫西林胶囊,0.5g*24粒,华北制药股份有限公司,20\r\n';
    const b = await upload(demo, Buffer.from(text, 'utf8'), 'erp.csv', 'text/csv');
    expect(rowsOfReply(b)[0]).toMatchObject({
      code: 'C9',
      status: 'matched',
      goods: { id: ids.amox5 },
      quantity: 20,
    });
  });

  it('hides prices from a buyer whose qualifications are not approved', async () => {
    await t.ctx.database.db.update(members).set({ status: 'pending' }).where(eq(members.id, other.memberId));
    const c = new Client(t.app);
    c.headers.authorization = `Bearer ${other.token}`;
    const rows = rowsOfReply(await paste(c, '国药准字H13023964\t10'));
    expect(rows[0]).toMatchObject({ status: 'matched', goods: { id: ids.amox, price: null } });
    await t.ctx.database.db.update(members).set({ status: 'approved' }).where(eq(members.id, other.memberId));
  });
});

describe('adding a list to the cart', () => {
  it('adds every chosen line in one call, skips what cannot be bought, and remembers the codes', async () => {
    const res = await demo.post('/api/quick_buy/cart', {
      params: [
        { goods_id: ids.amox, number: 30, code: 'YP001' },
        { goods_id: ids.ibu, number: 3, code: 'YP002' },
        { goods_id: ids.amox5, number: 10, code: 'YP003' },
        { goods_id: ids.vc, number: 1, code: 'YP006' },
      ],
    });
    expect(res.body.code, res.body.msg).toBe(10000);
    expect(res.body.msg).toBe('已加入购物车3种商品，1种未能加入');
    expect(res.body.data).toMatchObject({ added: 3, remembered: 4, total: 3 });
    expect(res.body.data.skipped).toEqual([
      { goods_id: ids.vc, name: '维生素C片', reason: expect.any(String) },
    ]);
    const cart = (await demo.get('/api/cart/list')).body.data.data as {
      goods: { id: number };
      number: number;
    }[];
    expect(cart.map((l) => [l.goods.id, l.number]).sort()).toEqual(
      [
        [ids.amox, 30],
        [ids.ibu, 3],
        [ids.amox5, 10],
      ].sort(),
    );
  });

  it('matches the same list by code the next time, even where the name alone was ambiguous', async () => {
    const rows = rowsOfReply(
      await paste(
        demo,
        tsv([HEADER, ['YP002', '布洛芬', '', '', '3', ''], ['YP003', '阿莫西林胶囊', '', '', '10', '']]),
      ),
    );
    expect(rows.map((r) => [r.status, r.matched_by, r.goods?.id])).toEqual([
      ['matched', 'code', ids.ibu],
      ['matched', 'code', ids.amox5],
    ]);
  });

  it("keeps one buyer's codes from another", async () => {
    const c = new Client(t.app);
    c.headers.authorization = `Bearer ${other.token}`;
    const rows = rowsOfReply(await paste(c, tsv([HEADER, ['YP003', '阿莫西林胶囊', '', '', '10', '']])));
    expect(rows[0]).toMatchObject({ status: 'ambiguous', matched_by: 'name' });
  });

  it("refuses a line outside the buyer's business scope with its reason and adds the rest", async () => {
    const res = await demo.post('/api/quick_buy/cart', {
      params: [
        { goods_id: ids.bio, number: 1 },
        { goods_id: ids.ibu, number: 1 },
      ],
    });
    expect(res.body.data.added).toBe(1);
    expect(res.body.data.skipped[0]).toMatchObject({ goods_id: ids.bio, name: '重组人干扰素' });
  });
});

describe('bad input', () => {
  it.each([
    ['an empty paste', { text: '   ' }, '请粘贴采购清单'],
    ['no lines', { params: [] }, '请选择要加入购物车的商品'],
  ])('refuses %s with 422', async (_, body, msg) => {
    const url = 'text' in body ? '/api/quick_buy/match' : '/api/quick_buy/cart';
    const r = await demo.post(url, body);
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe(msg);
  });

  it('refuses a bad quantity, an unknown goods id and too many lines', async () => {
    expect(
      (await demo.post('/api/quick_buy/cart', { params: [{ goods_id: ids.ibu, number: 'abc' }] })).status,
    ).toBe(422);
    const gone = await demo.post('/api/quick_buy/cart', { params: [{ goods_id: 999999, number: 1 }] });
    expect(gone.body.data.skipped[0]).toMatchObject({ goods_id: 999999, reason: '商品不存在或已下架' });
    const many = Array.from({ length: 501 }, (_, i) => ({ goods_id: i + 1, number: 1 }));
    const r = await demo.post('/api/quick_buy/cart', { params: many });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('一次最多加入500种商品');
  });

  it('refuses a spreadsheet of 10,000 rows with the row limit', async () => {
    const rows: (string | number)[][] = [HEADER];
    for (let i = 0; i < 10_000; i++) rows.push([`C${i}`, `商品${i}`, '1g', '厂家', 1, '']);
    const r = await upload(demo, await xlsx(rows), 'big.xlsx');
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('一次最多匹配1000行，请分批上传（本次超过1000行）');
  });

  it('refuses a file whose columns are not a purchase list', async () => {
    const r = await upload(
      demo,
      await xlsx([
        ['门店', '日期', '操作员'],
        ['一店', '2026-01-01', '张三'],
      ]),
      'x.xlsx',
    );
    expect(r.status).toBe(422);
    expect(r.body.msg).toMatch(/^无法识别清单的列/);
    const csv = await upload(demo, Buffer.from('a,b,c\r\n1,2,3\r\n'), 'x.csv', 'text/csv');
    expect(csv.status).toBe(422);
  });

  it('refuses binary junk named .xlsx, a PDF and an empty file', async () => {
    const junk = Buffer.alloc(6000);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) % 256;
    for (const [bytes, name] of [
      [junk, 'list.xlsx'],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'list.xlsx'],
      [Buffer.from('PK\u0003\u0004junkjunkjunk'), 'list.xlsx'],
      [Buffer.alloc(0), 'list.xlsx'],
    ] as const) {
      const r = await upload(demo, bytes, name);
      expect(r.status, name).toBe(422);
      expect(r.body.code).toBe(422);
    }
  });

  it('asks a visitor to log in', async () => {
    const v = new Client(t.app);
    for (const r of [
      await v.post('/api/quick_buy/match', { text: 'x' }),
      await v.post('/api/quick_buy/cart', { params: [{ goods_id: 1, number: 1 }] }),
      await v.get('/api/user/fast_buy'),
    ])
      expect(r.body.code).toBe(10001);
  });
});

describe('GET /api/user/fast_buy', () => {
  beforeAll(async () => {
    const db = t.ctx.database.db;
    const [addr] = rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from member_addresses where member_id = ${demoId} order by is_default desc limit 1`,
      ),
    );
    await db.execute(sql`delete from cart_lines where member_id = ${demoId}`);
    await recharge(db, demoId, 100_000, '测试充值', t.clock.now);
    const input = (key: string): PlaceOrderInput => ({
      address_id: addr!.id,
      coupon_id: 0,
      voucher_id: 0,
      remark: '',
      idempotency_key: key,
      invoice_type: 0,
      invoice_title: '',
      tax_no: '',
      invoice_bank: '',
      invoice_account: '',
      invoice_address: '',
      invoice_phone: '',
    });
    const buy = async (key: string, lines: { goods_id: number; number: number }[], at: Date) => {
      await addToCart(db, demoId, lines, at);
      const placed = await placeOrder(db, demoId, input(key), at);
      await payOrder(db, demoId, placed.order_id, 'balance', null, at);
    };
    const now = t.clock.now.getTime();
    await buy(
      'fb-1',
      [
        { goods_id: ids.ibu, number: 2 },
        { goods_id: ids.amox, number: 20 },
      ],
      new Date(now - 5 * 86_400_000),
    );
    await buy('fb-2', [{ goods_id: ids.ibu, number: 4 }], new Date(now - 86_400_000));
  });

  it('lists what the buyer buys regularly with the last price, time and quantity', async () => {
    const r = await demo.get('/api/user/fast_buy');
    expect(r.body.code, r.body.msg).toBe(10000);
    expect(r.body.data).toMatchObject({ total: 2, page: 1 });
    const [first, second] = r.body.data.list;
    expect(first).toMatchObject({
      goods: { id: ids.ibu, name: '布洛芬缓释胶囊' },
      last_price: '23.50',
      last_number: 4,
      buy_times: 2,
      total_number: 6,
    });
    expect(first.last_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(second).toMatchObject({ goods: { id: ids.amox }, last_number: 20, buy_times: 1 });
  });

  it('sorts by units and pages', async () => {
    const r = await demo.get('/api/user/fast_buy?order=number&page_size=1');
    expect(r.body.data.list.map((i: { goods: { id: number } }) => i.goods.id)).toEqual([ids.amox]);
    expect(r.body.data).toMatchObject({ total: 2, total_page: 2 });
    const past = await demo.get('/api/user/fast_buy?page=9');
    expect(past.body.data).toMatchObject({ list: [], total: 2 });
  });

  it('refuses an unknown order and shows another buyer nothing of this one', async () => {
    const bad = await demo.get('/api/user/fast_buy?order=price');
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('排序方式有误');
    const c = new Client(t.app);
    c.headers.authorization = `Bearer ${other.token}`;
    expect((await c.get('/api/user/fast_buy')).body.data).toMatchObject({ list: [], total: 0 });
  });
});
