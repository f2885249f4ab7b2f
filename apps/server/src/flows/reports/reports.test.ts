import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDate } from '@kc/domain';
import { DEMO_PAY_PASSWORD, seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { fund, orderFixture, type OrderFixture } from '../../modules/order/fixtures.js';
import { reportBatches } from './report.js';
import { stockLedgerReport } from './stock.js';

let t: TestApp;
let f: OrderFixture;
let demo: Client;
let admin: Client;
let today: string;
let sold: { order_id: number; order_no: string };
let hmSold: { order_id: number; order_no: string };

async function operator(username: string, ip: string): Promise<Client> {
  const c = new Client(t.app, ip);
  expect((await c.post('/api/admin/login', { username, password: 'admin123456' })).body.code).toBe(10000);
  return c;
}

async function placeAndPay(goodsId: number, number: number, purchaser?: Record<string, string>) {
  const addressId = (await demo.get('/api/user/address')).body.data[0].id;
  await demo.post('/api/cart', { params: [{ goods_id: goodsId, number }] });
  const placed = await demo.post('/api/order', {
    address_id: addressId,
    coupon_id: 0,
    voucher_id: 0,
    idempotency_key: crypto.randomUUID(),
  });
  expect(placed.body).toMatchObject({ code: 10000 });
  const o = placed.body.data as { order_id: number; order_no: string };
  const paid = await demo.post(`/api/order/${o.order_id}/pay`, {
    method: 'balance',
    pay_password: DEMO_PAY_PASSWORD,
    ...purchaser,
  });
  expect(paid.body.code).toBe(10000);
  return o;
}

async function ship(orderId: number, trackingNo: string) {
  const r = await admin.post(`/api/admin/orders/${orderId}/ship`, {
    carrier: '顺丰速运',
    tracking_no: trackingNo,
  });
  expect(r.body.code).toBe(10000);
}

/** The raw reply of a download (Client.request reads JSON). */
function download(c: Client, url: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
}

async function sheetOf(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, rows };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db, t.clock.now);
  f = await orderFixture(db, t.clock.now);
  await fund(db, 'demo', 1_000_000, t.clock.now);
  today = chinaDate(t.clock.now);
  demo = new Client(t.app, '10.8.0.1');
  await demo.login('demo', 'demo123456');
  admin = await operator('admin', '10.8.0.2');

  sold = await placeAndPay(f.amoxicillin, 40);
  await ship(sold.order_id, 'SF1000000001');
  hmSold = await placeAndPay(f.hm, 2, {
    purchaser_name: '王建国',
    purchaser_id_no: '330106198001011234',
    purchaser_phone: '13800138000',
  });
  await ship(hmSold.order_id, 'SF1000000002');
  // Paid but not shipped: not a sale yet.
  await placeAndPay(f.ibuprofen, 1);
});
afterAll(() => t.close());

describe('the sales register', () => {
  it('lists each lot of a shipped order with batch, expiry, price and buyer', async () => {
    const r = await admin.get(`/api/admin/reports/sales?from=${today}&to=${today}&keyword=阿莫西林`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ total: 2, page: 1, from: today, to: today });
    // FEFO: the 30 of B-EARLY first, then 10 of B-LATE; the expired B-OLD is never sold.
    const year = t.clock.now.getUTCFullYear();
    expect(r.body.data.list).toMatchObject([
      {
        order_no: sold.order_no,
        company: '杭州康宁大药房有限公司',
        name: '阿莫西林胶囊',
        approval_no: expect.stringMatching(/^国药准字H/),
        sccj: '华润三九医药股份有限公司',
        ypgg: '0.25g*24粒',
        batch_no: 'B-EARLY',
        expires_on: `${year + 1}-01-01`,
        number: 30,
        unit_price: '12.90',
        amount: '387.00',
      },
      { batch_no: 'B-LATE', expires_on: `${year + 3}-06-01`, number: 10, amount: '129.00' },
    ]);
    expect(r.body.data.list[0].sold_at.slice(0, 10)).toBe(today);
  });

  it('leaves out orders paid but not shipped, and pages with limit', async () => {
    const all = (await admin.get(`/api/admin/reports/sales?from=${today}&to=${today}`)).body.data;
    expect(all.list.map((x: { name: string }) => x.name)).not.toContain('布洛芬缓释胶囊');
    expect(all.total).toBe(3);
    const page2 = (await admin.get(`/api/admin/reports/sales?from=${today}&to=${today}&limit=2&page=2`)).body
      .data;
    expect(page2).toMatchObject({ total: 3, page: 2, page_size: 2, total_page: 2 });
    expect(page2.list).toHaveLength(1);
    const member = (await admin.get(`/api/admin/reports/sales?member=999999`)).body.data;
    expect(member.total).toBe(0);
  });

  it('exports the range as .xlsx that reads back with its header and rows', async () => {
    const res = await download(admin, `/api/admin/reports/sales?from=${today}&to=${today}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const name = `销售记录_${today}_${today}.xlsx`;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sales_${today}_${today}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('销售记录');
    expect(sheet.rows[0]).toEqual([
      '销售日期',
      '购货单位',
      '药品名称',
      '批准文号',
      '生产企业',
      '规格',
      '单位',
      '批号',
      '生产日期',
      '有效期至',
      '数量',
      '单价(元)',
      '金额(元)',
      '订单号',
    ]);
    expect(sheet.rows).toHaveLength(4);
    const early = sheet.rows.find((r) => r[7] === 'B-EARLY')!;
    expect(early.slice(1, 3)).toEqual(['杭州康宁大药房有限公司', '阿莫西林胶囊']);
    expect(early.slice(10)).toEqual([30, 12.9, 387, sold.order_no]);
  });

  it('answers `?from=&to=&format=xlsx` with this month so far', async () => {
    const res = await download(admin, '/api/admin/reports/sales?from=&to=&format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`sales_${today.slice(0, 8)}01_${today}.xlsx`);
    expect((await sheetOf(res.rawPayload)).rows).toHaveLength(4);
  });

  it('exports .csv with a BOM for Excel', async () => {
    const res = await download(admin, `/api/admin/reports/sales?from=${today}&to=${today}&format=csv`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.payload.split('\r\n');
    expect(lines[0]!.startsWith('\uFEFF销售日期,购货单位,药品名称')).toBe(true);
    expect(lines.filter(Boolean)).toHaveLength(4);
  });

  it('refuses bad dates and ranges with 422', async () => {
    for (const [q, msg] of [
      ['from=2026-02-30', '开始日期格式有误，应为YYYY-MM-DD'],
      ['to=yesterday', '结束日期格式有误，应为YYYY-MM-DD'],
      ['from=2026-11-30&to=2026-11-01', '结束日期不能早于开始日期'],
      ['from=2024-01-01&to=2026-01-01', '查询范围不能超过366天，请分段导出'],
      ['format=pdf', '导出格式只能是xlsx或csv'],
    ]) {
      const r = await admin.get(`/api/admin/reports/sales?${q}`);
      expect(r).toMatchObject({ status: 422, body: { code: 422, msg } });
      expect((await download(admin, `/api/admin/reports/sales?${q}&format=xlsx`)).statusCode).toBe(422);
    }
  });
});

describe('the 含麻 register', () => {
  it('shows the purchaser (ID masked on screen, whole in the export) and the arrival receipt', async () => {
    const r = (await admin.get(`/api/admin/reports/hm?from=${today}&to=${today}`)).body.data;
    expect(r.total).toBe(1);
    expect(r.list[0]).toMatchObject({
      order_no: hmSold.order_no,
      order_id: hmSold.order_id,
      company: '杭州康宁大药房有限公司',
      purchaser_name: '王建国',
      purchaser_id_no: '330106********1234',
      purchaser_phone: '13800138000',
      name: '复方盐酸伪麻黄碱缓释胶囊',
      batch_no: 'B1',
      number: 2,
      receipt: 0,
      receipt_text: '未上传回执',
    });
    const res = await download(admin, `/api/admin/reports/hm?from=${today}&to=${today}&format=xlsx`);
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('含麻药品销售登记');
    expect(sheet.rows[0]!.slice(3, 5)).toEqual(['购买人', '身份证号']);
    expect(sheet.rows[1]!.slice(3, 5)).toEqual(['王建国', '330106198001011234']);
    expect((await admin.get(`/api/admin/reports/hm/${hmSold.order_id}/receipt`)).status).toBe(404);
  });
});

describe('purchases and the stock ledger', () => {
  it('list a received lot with supplier, cost and receiver, and every movement with its label', async () => {
    const year = t.clock.now.getUTCFullYear();
    const received = await admin.post('/api/admin/lots', {
      goods_id: f.amoxicillin,
      batch_no: 'R-2001',
      produced_on: `${year}-01-01`,
      expires_on: `${year + 2}-12-31`,
      quantity: 100,
      supplier: '国药控股浙江有限公司',
      unit_cost: '9.50',
    });
    expect(received.body.code).toBe(10000);

    const p = (await admin.get(`/api/admin/reports/purchases?from=${today}&to=${today}&supplier=国药`)).body
      .data;
    expect(p.total).toBe(1);
    expect(p.list[0]).toMatchObject({
      supplier: '国药控股浙江有限公司',
      name: '阿莫西林胶囊',
      batch_no: 'R-2001',
      produced_on: `${year}-01-01`,
      received_quantity: 100,
      unit_cost: '9.50',
      amount: '950.00',
      receiver: '平台运营',
    });
    const opening = (await admin.get(`/api/admin/reports/purchases?from=${today}&to=${today}&keyword=IB-01`))
      .body.data.list[0];
    expect(opening).toMatchObject({ batch_no: 'IB-01', receiver: '期初/导入' });

    const ledger = (
      await admin.get(`/api/admin/reports/stock_ledger?from=${today}&to=${today}&goods_id=${f.amoxicillin}`)
    ).body.data.list as {
      kind: string;
      kind_text: string;
      batch_no: string;
      quantity: number;
      ref: string;
    }[];
    expect(ledger.find((m) => m.kind === 'receive')).toMatchObject({
      kind_text: '采购入库',
      batch_no: 'R-2001',
      quantity: 100,
    });
    // The sale of 40 drew 30 of B-EARLY and 10 of B-LATE: a ledger row each, with the order number.
    const sales = ledger
      .filter((m) => m.kind === 'sale')
      .sort((a, b) => a.batch_no.localeCompare(b.batch_no));
    expect(sales).toMatchObject([
      { kind_text: '销售出库', batch_no: 'B-EARLY', quantity: -30, ref: sold.order_no },
      { batch_no: 'B-LATE', quantity: -10, ref: sold.order_no },
    ]);
    const x = await download(
      admin,
      `/api/admin/reports/stock_ledger?goods_id=${f.amoxicillin}&kind=receive&format=xlsx`,
    );
    const sheet = await sheetOf(x.rawPayload);
    expect(sheet.rows[0]!.slice(0, 8)).toEqual([
      '日期',
      '药品名称',
      '规格',
      '生产企业',
      '批号',
      '类型',
      '数量',
      '结存',
    ]);
    expect(sheet.rows.slice(1).map((r) => r.slice(4, 7))).toEqual([['R-2001', '采购入库', 100]]);
    expect((await admin.get('/api/admin/reports/stock_ledger?kind=steal')).status).toBe(422);
  });
});

describe('the export walks by keyset', () => {
  it('reads every row once, in order, whatever the batch size', async () => {
    const q = { page: 1, page_size: 100 } as const;
    const range = { from: today, to: today, start: new Date(0), end: new Date('2100-01-01T00:00:00Z') };
    const all = (await admin.get(`/api/admin/reports/stock_ledger?from=${today}&to=${today}&limit=100`)).body
      .data;
    expect(all.total).toBeGreaterThan(5);
    const batches: number[][] = [];
    for await (const rows of reportBatches(t.ctx.database.db, stockLedgerReport, q, range, 2)) {
      batches.push(rows.map((r) => r.id));
    }
    expect(batches.every((b) => b.length <= 2)).toBe(true);
    expect(batches.flat()).toEqual(all.list.map((r: { id: number }) => r.id));
  });
});

describe('records are kept', () => {
  it('a goods taken off sale stays in every register', async () => {
    await t.ctx.database.db.execute(
      sql`update goods set on_shelf = false, is_buy = false where id in (${f.amoxicillin}, ${f.hm})`,
    );
    const q = `from=${today}&to=${today}`;
    expect((await admin.get(`/api/admin/reports/sales?${q}&keyword=阿莫西林`)).body.data.total).toBe(2);
    expect((await admin.get(`/api/admin/reports/hm?${q}`)).body.data.total).toBe(1);
    expect((await admin.get(`/api/admin/reports/purchases?${q}&supplier=国药`)).body.data.total).toBe(1);
    expect(
      (await admin.get(`/api/admin/reports/stock_ledger?${q}&goods_id=${f.amoxicillin}&kind=sale`)).body.data
        .total,
    ).toBe(2);
  });
});

describe('who may read the records', () => {
  const urls = [
    '/api/admin/reports/sales',
    '/api/admin/reports/sales?format=xlsx',
    '/api/admin/reports/hm',
    '/api/admin/reports/purchases',
    '/api/admin/reports/stock_ledger',
    '/api/admin/reports/hm/1/receipt',
  ];

  it('lets 财务 and 仓库 read; refuses 客服 and members (403) and visitors (401)', async () => {
    const finance = await operator('caiwu', '10.8.0.3');
    const warehouse = await operator('cangku', '10.8.0.4');
    const service = await operator('kefu', '10.8.0.5');
    const visitor = new Client(t.app, '10.8.0.6');
    for (const url of urls) {
      expect((await download(service, url)).statusCode).toBe(403);
      expect((await download(demo, url)).statusCode).toBe(403);
      expect((await download(visitor, url)).statusCode).toBe(401);
    }
    expect((await finance.get('/api/admin/reports/sales')).status).toBe(200);
    expect((await download(warehouse, '/api/admin/reports/hm?format=xlsx')).statusCode).toBe(200);
  });
});
