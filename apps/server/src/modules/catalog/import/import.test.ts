import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOODS_COLUMNS, IMPORT_MAX_BYTES, LOT_COLUMNS } from '@kc/domain';
import { rowsOf } from '../../../platform/db.js';
import { seedAccounts } from '../../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../../test/helper.js';
import { filePart, postMultipart } from '../../../test/multipart.js';
import { searchColumns } from '../search-keys.js';
import { createBrand, createCategory, createGoods, createWarehouse } from '../service.js';

let t: TestApp;
let op: Client;
const ids = { xy: 0, kgr: 0, zcy: 0, ck: 0, ck2: 0, brand: 0, existing: 0 };
const HEADERS = GOODS_COLUMNS.map((c) => c.header);

type Row = Record<string, string | number>;

/** A goods row by header, with sound values for the columns a test does not name. */
const goodsRow = (n: number, over: Row = {}): Row => ({
  通用名: `测试胶囊${n}`,
  商品名: '',
  规格: `0.25g*${n}粒`,
  生产厂家: '康采制药有限公司',
  批准文号: `国药准字H2099${String(n).padStart(4, '0')}`,
  剂型: '胶囊剂',
  处方类别: '处方药',
  经营范围: '化学药制剂',
  分类: '西药/抗感染药',
  仓库: '杭州仓',
  零售价: '15.80',
  会员价: '12.50',
  阶梯价: '10:12.00;50:11.50',
  上架: '是',
  含麻: '否',
  ...over,
});

async function xlsx(headers: string[], rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(headers.map((h) => r[h] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const csv = (headers: string[], rows: Row[]) =>
  [headers, ...rows.map((r) => headers.map((h) => String(r[h] ?? '')))].map((l) => l.join(',')).join('\r\n');

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function upload(
  c: Client,
  kind: 'goods' | 'lots' | 'prices',
  bytes: Buffer,
  name = 'goods.xlsx',
  fields: Record<string, string> = {},
) {
  return postMultipart(c, `/api/admin/${kind}/import`, { ...fields, file: filePart(bytes, name, XLSX_TYPE) });
}

const count = async (table: string) =>
  Number(
    rowsOf<{ n: number }>(
      await t.ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
    )[0]!.n,
  );

async function download(c: Client, url: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
}

async function readXlsx(bytes: Buffer): Promise<{ sheets: string[]; rows: string[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { sheets: wb.worksheets.map((w) => w.name), rows };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db);
  ids.xy = await createCategory(db, { name: '西药', code: 'xy' });
  ids.kgr = await createCategory(db, { name: '抗感染药', parentId: ids.xy });
  ids.zcy = await createCategory(db, { name: '中成药', code: 'zcy' });
  ids.ck = await createWarehouse(db, { name: '杭州仓' });
  ids.brand = await createBrand(db, { name: '999' });
  ids.existing = await createGoods(db, {
    name: '已有片',
    ypgg: '10mg*10片',
    sccj: '老厂制药有限公司',
    approvalNo: '国药准字H20000001',
    scopeClass: '化学药制剂',
    categoryId: ids.kgr,
    ckId: ids.ck,
    basePrice: 1000,
    price: 800,
  });
  // Another product with the same approval number (the demo catalogue has such pairs): an
  // exported file must still import back.
  await createGoods(db, {
    name: '同号片',
    ypgg: '5mg*20片',
    sccj: '别家制药有限公司',
    approvalNo: '国药准字H20000001',
    scopeClass: '化学药制剂',
    categoryId: ids.kgr,
    ckId: ids.ck,
    basePrice: 1000,
    price: 800,
  });
  op = new Client(t.app, '10.9.0.1');
  await op.get('/api/health');
  expect((await op.post('/api/admin/login', { username: 'admin', password: 'admin123456' })).body.code).toBe(
    10000,
  );
});
afterAll(() => t.close());

describe('templates', () => {
  it('downloads each kind with the Chinese header row, an example row and a notes sheet', async () => {
    const res = await download(op, '/api/admin/import_templates/goods');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('商品导入模板.xlsx')}`,
    );
    const book = await readXlsx(res.rawPayload);
    expect(book.sheets).toEqual(['商品', '说明']);
    expect(book.rows[0]).toEqual(HEADERS);
    expect(book.rows).toHaveLength(2);
    const lots = await readXlsx((await download(op, '/api/admin/import_templates/lots')).rawPayload);
    expect(lots.rows[0]).toEqual(LOT_COLUMNS.map((c) => c.header));
    expect((await op.get('/api/admin/import_templates/nope')).status).toBe(422);
  });

  it('the goods template imports as it is (its example row is valid)', async () => {
    const res = await download(op, '/api/admin/import_templates/goods');
    const dry = await upload(op, 'goods', res.rawPayload, 't.xlsx', { dry_run: '1' });
    expect(dry.body.data).toMatchObject({ rows: 1, created: 1, updated: 0, errors: [] });
  });
});

describe('dry run and errors', () => {
  it('answers what would be created or updated and writes nothing but the job', async () => {
    const before = await count('goods');
    const job = crypto.randomUUID();
    const file = await xlsx(HEADERS, [
      goodsRow(1),
      goodsRow(2),
      goodsRow(3, {
        通用名: '已有片',
        规格: '10mg*10片',
        生产厂家: '老厂制药有限公司',
        批准文号: '国药准字H20000001',
      }),
    ]);
    const res = await upload(op, 'goods', file, 'goods.xlsx', { dry_run: '1', job });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      rows: 3,
      created: 2,
      updated: 1,
      errors: [],
      dry_run: true,
      committed: false,
      job,
    });
    expect(await count('goods')).toBe(before);
    const progress = await op.get(`/api/admin/imports/${job}`);
    expect(progress.body.data).toMatchObject({ status: 'done', phase: 'done', rows_done: 3, rows_total: 3 });
    expect(progress.body.data.report.created).toBe(2);
    // The same job id twice is refused; an unknown one is not found.
    expect((await upload(op, 'goods', file, 'goods.xlsx', { dry_run: '1', job })).status).toBe(409);
    expect((await op.get(`/api/admin/imports/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await op.get('/api/admin/imports/not-a-uuid')).status).toBe(422);
  });

  it('reports every bad row with its row, column and reason; a commit with errors writes nothing', async () => {
    const rows = [
      goodsRow(10, { 零售价: 'abc' }), // row 2: bad number
      goodsRow(11, { 分类: '西药/火箭' }), // row 3: unknown category
      goodsRow(12, { 通用名: '乙肝疫苗', 经营范围: '生物制品' }), // row 4: banned class
      goodsRow(13, { 批准文号: '国药准字H20990099' }), // row 5
      goodsRow(14, { 通用名: '别的药', 批准文号: '国药准字H20990099' }), // row 6: same approval, another product
      goodsRow(15, { 批准文号: '国药准字H20000001' }), // row 7: approval of an existing goods
      goodsRow(16, { 含麻: '也许' }), // row 8: bad yes/no
      goodsRow(17, { 阶梯价: '10:13.00' }), // row 9: ladder above the price
      goodsRow(18, { 会员价: '' }), // row 10: required price
      goodsRow(19, { 仓库: '火星仓' }), // row 11: unknown warehouse
      goodsRow(13, { 批准文号: '国药准字H20990099' }), // row 12: the same goods as row 5
    ];
    const before = await count('goods');
    const res = await upload(op, 'goods', await xlsx(HEADERS, rows));
    expect(res.status).toBe(200);
    expect(res.body.msg).toContain('未导入任何数据');
    const data = res.body.data;
    expect(data).toMatchObject({ rows: 11, created: 0, updated: 0, committed: false, dry_run: false });
    const at = (row: number) => data.errors.filter((e: { row: number }) => e.row === row);
    expect(at(2)).toEqual([{ row: 2, column: '零售价', message: '必须是金额（元），如 12.50' }]);
    expect(at(3)).toEqual([{ row: 3, column: '分类', message: '分类“西药/火箭”不存在' }]);
    expect(at(4)).toEqual([
      {
        row: 4,
        column: '通用名',
        message: expect.stringContaining('依据《药品网络销售禁止清单》不得在网上销售'),
      },
    ]);
    expect(at(5)).toEqual([]);
    expect(at(6)).toEqual([{ row: 6, column: '批准文号', message: '批准文号与第5行重复' }]);
    expect(at(7)).toEqual([
      { row: 7, column: '批准文号', message: expect.stringContaining(`商品ID ${ids.existing}`) },
    ]);
    expect(at(8)).toEqual([{ row: 8, column: '含麻', message: '只能填写“是”或“否”' }]);
    expect(at(9)).toEqual([
      { row: 9, column: '阶梯价', message: expect.stringContaining('价格必须低于上一档') },
    ]);
    expect(at(10)).toEqual([{ row: 10, column: '会员价', message: '不能为空' }]);
    expect(at(11)).toEqual([{ row: 11, column: '仓库', message: '仓库“火星仓”不存在' }]);
    expect(at(12)).toEqual([
      { row: 12, column: '通用名', message: expect.stringContaining('与第5行是同一商品') },
    ]);
    expect(data.error_count).toBe(10);
    expect(await count('goods')).toBe(before);
  });

  it('reports a missing required column once, on row 1', async () => {
    const headers = HEADERS.filter((h) => h !== '分类');
    const res = await upload(op, 'goods', await xlsx(headers, [goodsRow(30), goodsRow(31)]));
    expect(res.body.data.errors).toEqual([{ row: 1, column: '分类', message: '缺少必填列“分类”' }]);
  });

  it('refuses a 50 MB file with 422 and writes nothing, not even a job', async () => {
    const jobs = await count('import_jobs');
    const line = `${csv(HEADERS, [goodsRow(40)]).split('\r\n')[1]}\r\n`;
    const big = Buffer.from(
      HEADERS.join(',') + '\r\n' + line.repeat(Math.ceil((50 * 1024 * 1024) / line.length)),
    );
    expect(big.length).toBeGreaterThan(IMPORT_MAX_BYTES);
    const res = await upload(op, 'goods', big, 'big.csv');
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('文件不能超过40MB，请分成几个文件导入');
    expect(await count('import_jobs')).toBe(jobs);
  });

  it('refuses a file that is neither .xlsx nor .csv', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 32)]);
    expect((await upload(op, 'goods', pdf, 'x.pdf')).body.msg).toBe('仅支持.xlsx或.csv文件');
    expect((await upload(op, 'goods', Buffer.from('hello'), 'x.xlsx')).status).toBe(422);
  });
});

describe('commit, export and re-import', () => {
  const NEW = [1, 2, 3, 4, 5].map((n) =>
    goodsRow(100 + n, {
      商品名: n === 1 ? '阿莫仙' : '',
      通用名: n === 1 ? '阿莫西林胶囊' : `测试胶囊${100 + n}`,
      英文通用名: n === 1 ? 'Amoxicillin' : '',
      品牌: n === 2 ? '999' : '',
      专区: n === 3 ? '优选专区;控销' : '',
      标签: n === 4 ? '新;满' : '',
      图片: n === 5 ? 'https://img.example.com/a.png;/media/b.png' : '',
      限购数量: n * 10,
      中包装: 10,
      件装量: 400,
      包邮: n === 1 ? '是' : '否',
      包邮数量: n === 1 ? 20 : 0,
    }),
  );

  it('creates the goods with pinyin and search keys computed as for seeded goods', async () => {
    const job = crypto.randomUUID();
    const res = await upload(op, 'goods', await xlsx(HEADERS, NEW), 'new.xlsx', { job });
    expect(res.body.data).toMatchObject({ rows: 5, created: 5, updated: 0, errors: [], committed: true });
    const [g] = rowsOf<Record<string, unknown>>(
      await t.ctx.database.db.execute(sql`select * from goods where name = '阿莫西林胶囊'`),
    );
    const keys = searchColumns({
      name: '阿莫西林胶囊',
      tradeName: '阿莫仙',
      sccj: '康采制药有限公司',
      approvalNo: '国药准字H20990101',
      innName: 'Amoxicillin',
    });
    expect(g).toMatchObject({
      trade_name: '阿莫仙',
      inn_name: 'Amoxicillin',
      py_initials: keys.pyInitials,
      py_full: keys.pyFull,
      sccj_py_initials: keys.sccjPyInitials,
      price: 1250,
      base_price: 1580,
      ladder_price: [
        { number: 10, price: 1200 },
        { number: 50, price: 1150 },
      ],
      ladder_price_type: 1,
      rx_class: 'rx',
      category_id: ids.kgr,
      zbz: 10,
      jzl: 400,
      qg_number: 10,
      is_free_shipping: true,
      free_shipping_number: 20,
    });
    expect(new Set(g!.search_grams as string[])).toEqual(new Set(keys.searchGrams));
    const progress = await op.get(`/api/admin/imports/${job}`);
    expect(progress.body.data).toMatchObject({ status: 'done', rows_done: 5, rows_total: 5 });
    // A buyer finds it by pinyin initials.
    const found = await new Client(t.app).get('/api/goods/list?keywords=amxl');
    expect(found.body.data.list.map((x: { name: string }) => x.name)).toContain('阿莫西林胶囊');
    // … by the English name of its column, by another reading of 阿 (ē), by its approval number.
    for (const kw of ['amoxicillin', 'emxl', 'H20990101']) {
      const hit = await new Client(t.app).get(`/api/goods/list?keywords=${kw}`);
      expect(hit.body.data.list.map((x: { name: string }) => x.name)).toContain('阿莫西林胶囊');
    }
  });

  it('an exported .xlsx imports back unchanged: every row updates its goods, nothing is created', async () => {
    const before = await count('goods');
    const res = await download(op, '/api/admin/goods/export?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''%E5%95%86%E5%93%81_\d{8}\.xlsx/);
    const book = await readXlsx(res.rawPayload);
    expect(book.rows[0]).toEqual(HEADERS);
    expect(book.rows).toHaveLength(before + 1);
    const again = await upload(op, 'goods', res.rawPayload, 'export.xlsx');
    expect(again.body.data).toMatchObject({
      rows: before,
      created: 0,
      updated: before,
      errors: [],
      committed: true,
    });
    expect(await count('goods')).toBe(before);
    const second = await readXlsx((await download(op, '/api/admin/goods/export?format=xlsx')).rawPayload);
    expect(second.rows).toEqual(book.rows);
  });

  it('the CSV export (UTF-8 with BOM) imports back too, and rows without ID match by SKU', async () => {
    const res = await download(op, '/api/admin/goods/export?format=csv&keyword=测试胶囊');
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.rawPayload;
    expect(text.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = text.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    const back = await upload(op, 'goods', text, 'export.csv');
    expect(back.body.data).toMatchObject({ created: 0, updated: lines.length - 1, errors: [] });
    // Without the ID column and without a BOM: matched by name + spec + maker + warehouse.
    const noId = lines.map((l) => l.slice(l.indexOf(',') + 1)).join('\n');
    const sku = await upload(op, 'goods', Buffer.from(noId), 'noid.csv');
    expect(sku.body.data).toMatchObject({ created: 0, updated: lines.length - 1, errors: [] });
  });

  it('checks and writes a file of several batches (2,500 rows), with errors found across them', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => goodsRow(1000 + i, { 阶梯价: '' }));
    // A purchase limit no quantity fits (限购5, middle pack 10): buyable in name only.
    rows[100] = goodsRow(1000 + 100, { 阶梯价: '', 限购数量: 5, 中包装: 10 });
    rows[2398] = goodsRow(1000 + 2398, { 阶梯价: '', 中包装: '0' });
    rows[2399] = goodsRow(1000 + 5, { 阶梯价: '' }); // the same goods as row 7, two batches apart
    const bad = await upload(op, 'goods', Buffer.from(csv(HEADERS, rows)), 'many.csv');
    expect(bad.body.data.errors).toEqual([
      { row: 102, column: '限购数量', message: expect.stringContaining('限购数量不能小于中包装10') },
      { row: 2400, column: '中包装', message: '不能小于1' },
      { row: 2401, column: '通用名', message: expect.stringContaining('与第7行是同一商品') },
    ]);
    rows[100] = goodsRow(1000 + 100, { 阶梯价: '' });
    rows[2398] = goodsRow(1000 + 2398, { 阶梯价: '' });
    rows[2399] = goodsRow(1000 + 2399, { 阶梯价: '' });
    const before = await count('goods');
    const job = crypto.randomUUID();
    const res = await upload(op, 'goods', Buffer.from(csv(HEADERS, rows)), 'many.csv', { job });
    expect(res.body.data).toMatchObject({
      rows: 2500,
      created: 2500,
      updated: 0,
      errors: [],
      committed: true,
    });
    expect(await count('goods')).toBe(before + 2500);
    expect((await op.get(`/api/admin/imports/${job}`)).body.data).toMatchObject({
      status: 'done',
      rows_done: 2500,
      rows_total: 2500,
    });
  });

  it('reads a GBK CSV (what Excel saves in a Chinese locale)', async () => {
    const text = csv(HEADERS, [goodsRow(200)]);
    const encoded = encodeGbk(text);
    expect(encoded).not.toEqual(Buffer.from(text));
    const res = await upload(op, 'goods', encoded, 'gbk.csv', { dry_run: '1' });
    expect(res.body.data).toMatchObject({ rows: 1, created: 1, errors: [] });
  });
});

describe('lots and prices', () => {
  const LOT_HEADERS = LOT_COLUMNS.map((c) => c.header);

  it('receives lots with ledger rows and moves the goods stock', async () => {
    const job = crypto.randomUUID();
    const file = await xlsx(LOT_HEADERS, [
      {
        商品ID: ids.existing,
        批号: 'B001',
        生产日期: '2025-01-01',
        有效期至: '2027-12-31',
        数量: 100,
        供货单位: '国药控股',
        进价: '6.50',
      },
      {
        通用名: '已有片',
        规格: '10mg*10片',
        生产厂家: '老厂制药有限公司',
        批号: 'B002',
        生产日期: '2025/2/1',
        有效期至: '2027年1月31日',
        数量: 20,
      },
    ]);
    const res = await upload(op, 'lots', file, 'lots.xlsx', { job });
    expect(res.body.data).toMatchObject({ rows: 2, created: 2, updated: 0, errors: [], committed: true });
    const db = t.ctx.database.db;
    const [g] = rowsOf<{ stock: number }>(
      await db.execute(sql`select stock from goods where id = ${ids.existing}`),
    );
    expect(g!.stock).toBe(120);
    const ledger = rowsOf<{ kind: string; quantity: number; stock_after: number; ref: string }>(
      await db.execute(
        sql`select kind, quantity, stock_after, ref from stock_movements where goods_id = ${ids.existing} order by id`,
      ),
    );
    expect(ledger).toEqual([
      { kind: 'import', quantity: 100, stock_after: 100, ref: job },
      { kind: 'import', quantity: 20, stock_after: 120, ref: job },
    ]);
    const [lot] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select * from goods_lots where goods_id = ${ids.existing} and batch_no = 'B001'`),
    );
    expect(lot).toMatchObject({
      quantity: 100,
      received_quantity: 100,
      supplier: '国药控股',
      unit_cost: 650,
    });
    // The same batch again tops the lot up.
    const more = await upload(
      op,
      'lots',
      await xlsx(LOT_HEADERS, [
        { 商品ID: ids.existing, 批号: 'B001', 生产日期: '2025-01-01', 有效期至: '2027-12-31', 数量: 5 },
      ]),
    );
    expect(more.body.data).toMatchObject({ created: 0, updated: 1 });
    const [g2] = rowsOf<{ stock: number }>(
      await db.execute(sql`select stock from goods where id = ${ids.existing}`),
    );
    expect(g2!.stock).toBe(125);
    // The lots export lists them.
    const exp = await readXlsx((await download(op, '/api/admin/lots/export?format=xlsx')).rawPayload);
    expect(exp.rows.some((r) => r.includes('B001') && r.includes('105'))).toBe(true);
  });

  it('refuses expiry before production, unknown goods and a bad quantity', async () => {
    const res = await upload(
      op,
      'lots',
      await xlsx(LOT_HEADERS, [
        { 商品ID: ids.existing, 批号: 'B010', 生产日期: '2025-05-01', 有效期至: '2025-01-01', 数量: 1 },
        { 商品ID: 999999, 批号: 'B011', 生产日期: '2025-01-01', 有效期至: '2026-01-01', 数量: 1 },
        {
          通用名: '没有的药',
          规格: '1g',
          生产厂家: '无',
          批号: 'B012',
          生产日期: '2025-01-01',
          有效期至: '2026-01-01',
          数量: 1,
        },
        { 商品ID: ids.existing, 批号: 'B013', 生产日期: '2025-02-30', 有效期至: '2026-01-01', 数量: '十' },
      ]),
    );
    const errors = res.body.data.errors;
    expect(errors).toEqual([
      { row: 2, column: '有效期至', message: '有效期至必须晚于生产日期' },
      { row: 3, column: '商品ID', message: '商品ID 999999 不存在' },
      { row: 4, column: '通用名', message: '商品不存在：没有的药 1g 无' },
      { row: 5, column: '生产日期', message: '不是有效的日期' },
      { row: 5, column: '数量', message: '必须是整数' },
    ]);
    expect(res.body.data.committed).toBe(false);
  });

  it('imports prices: member price, retail price, ladder and limit of the named goods', async () => {
    const res = await upload(
      op,
      'prices',
      await xlsx(
        ['商品ID', '会员价', '零售价', '阶梯价', '限购'],
        [{ 商品ID: ids.existing, 会员价: '9.00', 零售价: '12', 阶梯价: '20:8.50', 限购: 30 }],
      ),
    );
    expect(res.body.data).toMatchObject({ rows: 1, created: 0, updated: 1, errors: [] });
    const [g] = rowsOf<Record<string, unknown>>(
      await t.ctx.database.db.execute(
        sql`select price, base_price, ladder_price, qg_number from goods where id = ${ids.existing}`,
      ),
    );
    expect(g).toEqual({
      price: 900,
      base_price: 1200,
      ladder_price: [{ number: 20, price: 850 }],
      qg_number: 30,
    });
    // Only 会员价: the ladder stays and must still be below it.
    const bad = await upload(
      op,
      'prices',
      await xlsx(['商品ID', '会员价'], [{ 商品ID: ids.existing, 会员价: '8.00' }]),
    );
    expect(bad.body.data.errors).toEqual([
      { row: 2, column: '会员价', message: expect.stringContaining('价格必须低于上一档') },
    ]);
  });
});

describe('roles', () => {
  it.each(['kefu', 'cangku', 'caiwu'])(
    'refuses %s (403) on every import and export call',
    async (username) => {
      const c = new Client(t.app, '10.9.1.1');
      await c.get('/api/health');
      await c.post('/api/admin/login', { username, password: 'admin123456' });
      const file = await xlsx(HEADERS, [goodsRow(300)]);
      for (const kind of ['goods', 'lots', 'prices'] as const)
        expect((await upload(c, kind, file)).status).toBe(403);
      for (const url of [
        '/api/admin/import_templates/goods',
        '/api/admin/goods/export',
        '/api/admin/lots/export',
        `/api/admin/imports/${crypto.randomUUID()}`,
      ])
        expect((await c.get(url)).status).toBe(403);
    },
  );

  it('refuses a visitor (401)', async () => {
    expect((await new Client(t.app).get('/api/admin/goods/export')).status).toBe(401);
  });
});

/** GBK bytes of a text (TextEncoder only writes UTF-8): the GBK decoder's table, inverted. */
function encodeGbk(text: string): Buffer {
  const dec = new TextDecoder('gbk');
  const table = new Map<string, number[]>();
  for (let hi = 0x81; hi <= 0xfe; hi++)
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      const ch = dec.decode(new Uint8Array([hi, lo]));
      if (ch.length === 1 && !table.has(ch)) table.set(ch, [hi, lo]);
    }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) out.push(code);
    else out.push(...(table.get(ch) ?? [0x3f]));
  }
  return Buffer.from(out);
}

describe('the progress estimate', () => {
  it('reads the rows a worksheet declares, or a CSV’s lines', async () => {
    const { estimateRows } = await import('./sheet.js');
    expect(estimateRows(await xlsx(HEADERS, [goodsRow(1), goodsRow(2), goodsRow(3)]), 'xlsx')).toBe(3);
    expect(estimateRows(Buffer.from('a,b\r\n1,2\r\n3,4'), 'csv')).toBe(2);
    expect(estimateRows(Buffer.from('a,b\n1,2\n'), 'csv')).toBe(1);
  });
});
