import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD, seedAccounts } from '../../seed/accounts.js';
import { PNG_1PX } from '../../test/account-fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { DevEInvoiceProvider, type EInvoiceProvider } from '../../providers/einvoice.js';
import { saveSiteSettings } from '../content/service.js';
import { fund, orderFixture, type OrderFixture } from '../order/fixtures.js';
import { issueOrderInvoice } from './issue.js';
import { eInvoices } from './schema.js';

let t: TestApp;
let f: OrderFixture;
let demo: Client;
let addressId: number;
const staff: Record<'admin' | 'kefu' | 'cangku' | 'caiwu', Client> = {} as never;
const TITLE = '杭州康宁大药房有限公司';
const TAX_NO = '91330106MA2CFK3X1L';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db, t.clock.now);
  f = await orderFixture(db, t.clock.now);
  await fund(db, 'demo', 1_000_000, t.clock.now);
  await saveSiteSettings(db, {
    company: '杭州康采医药有限公司',
    tax_no: '91330110MA2CFK3868',
    invoice_drawer: '陈慧',
    return_address: '杭州市余杭区 退货组',
  });
  demo = new Client(t.app, '10.31.0.1');
  await demo.login('demo', 'demo123456');
  addressId = (await demo.get('/api/user/address')).body.data[0].id;
  for (const [i, name] of (['admin', 'kefu', 'cangku', 'caiwu'] as const).entries()) {
    staff[name] = new Client(t.app, `10.31.1.${i + 1}`);
    await staff[name].get('/api/health');
    await staff[name].post('/api/admin/login', { username: name, password: 'admin123456' });
  }
});
afterAll(() => t.close());

/** Places and pays (and ships, unless told not to) an order; answers its id and payable in fen. */
async function paidOrder(invoiceType: 0 | 1 | 2, lines: { goods_id: number; number: number }[], ship = true) {
  expect((await demo.post('/api/cart', { params: lines })).body.code).toBe(10000);
  const placed = await demo.post('/api/order', {
    address_id: addressId,
    coupon_id: 0,
    voucher_id: 0,
    idempotency_key: crypto.randomUUID(),
    invoice_type: invoiceType,
    invoice_title: invoiceType ? TITLE : '',
    tax_no: invoiceType ? TAX_NO : '',
    invoice_bank: invoiceType === 2 ? '杭州银行西湖支行' : '',
    invoice_account: invoiceType === 2 ? '330104016000285166' : '',
    invoice_address: invoiceType === 2 ? '杭州市西湖区文三路 398 号' : '',
    invoice_phone: invoiceType === 2 ? '0571-88216688' : '',
  });
  expect(placed.body.code).toBe(10000);
  const id = placed.body.data.order_id as number;
  const pay = await demo.post(`/api/order/${id}/pay`, { method: 'balance', pay_password: DEMO_PAY_PASSWORD });
  expect(pay.body.code).toBe(10000);
  if (ship)
    expect(
      (
        await staff.cangku.post(`/api/admin/orders/${id}/ship`, {
          carrier: '顺丰速运',
          tracking_no: `SF${id}00001`,
        })
      ).body.code,
    ).toBe(10000);
  return { id, orderNo: placed.body.data.order_no as string, payable: placed.body.data.payable as string };
}

const invoiceOf = async (orderId: number) =>
  (await demo.get('/api/user/invoices?page_size=50')).body.data.list.find(
    (r: { order_id: number }) => r.order_id === orderId,
  );

const bytesOf = (c: Client, url: string) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: c === demo ? '10.31.0.1' : '10.31.1.9',
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });

/** The text a PDF reader extracts from every page (proves the CJK glyphs map back to text). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  let out = '';
  for (let p = 1; p <= pdf.numPages; p++) {
    const content = await (await pdf.getPage(p)).getTextContent();
    out += content.items.map((i) => ('str' in i ? i.str : '')).join('') + '\n';
  }
  return out;
}

describe('e-invoices', () => {
  let first: Awaited<ReturnType<typeof paidOrder>>;

  it('lists a paid order that asked for an invoice as 开具中, and not one that did not', async () => {
    first = await paidOrder(1, [
      { goods_id: f.amoxicillin, number: 20 },
      { goods_id: f.ibuprofen, number: 4 },
    ]);
    const none = await paidOrder(0, [{ goods_id: f.amoxicillin, number: 10 }]);
    expect(await invoiceOf(none.id)).toBeUndefined();
    expect(await invoiceOf(first.id)).toMatchObject({
      order_no: first.orderNo,
      type: 1,
      type_text: '普通发票',
      title: TITLE,
      tax_no: TAX_NO,
      amount: first.payable,
      status: 'issuing',
      status_text: '开具中',
      documents: [],
    });
    const pending = await staff.caiwu.get('/api/admin/invoices?queue=pending');
    expect(pending.body.data.list.map((r: { order_id: number }) => r.order_id)).toContain(first.id);
    expect(pending.body.data.list[0]).toMatchObject({ queue_text: '待开票', company: expect.any(String) });
  });

  it('is issued by 财务 (not 客服 or 仓库), with a message and a PDF that reads back in Chinese', async () => {
    expect((await staff.kefu.get('/api/admin/invoices')).status).toBe(200);
    expect((await staff.kefu.post('/api/admin/invoices/issue', { order_ids: [first.id] })).status).toBe(403);
    expect((await staff.cangku.get('/api/admin/invoices')).status).toBe(403);

    const issued = await staff.caiwu.post('/api/admin/invoices/issue', { order_ids: [first.id] });
    expect(issued.body).toMatchObject({
      code: 10000,
      msg: '已开具1张',
      data: { results: [{ order_id: first.id, result: 'issued', message: '电子发票已开具' }] },
    });
    const row = await invoiceOf(first.id);
    expect(row).toMatchObject({ status: 'issued', status_text: '已开具' });
    expect(row.documents).toHaveLength(1);
    const doc = row.documents[0];
    expect(doc).toMatchObject({
      kind: 'blue',
      kind_text: '蓝字发票',
      status_text: '已开具',
      amount: first.payable,
      development: true,
      pdf_url: `/api/user/invoices/${doc.id}/pdf`,
    });
    expect(doc.invoice_no).toMatch(/^00\d{18}$/);
    // 13 % VAT inside the amount.
    const fen = Math.round(Number(first.payable) * 100);
    expect(Math.abs(Math.round(Number(doc.tax) * 100) - Math.round((fen * 13) / 113))).toBeLessThanOrEqual(2);

    const messages = (await demo.get('/api/user/message')).body.data.list;
    expect(messages[0]).toMatchObject({ kind: 'order', title: '电子发票已开具' });
    expect(messages[0].content).toContain(doc.invoice_no);

    const pdf = await bytesOf(demo, doc.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.includes('/FontFile2')).toBe(true);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, '');
    for (const s of [
      '电子发票（普通发票）',
      `发票号码：${doc.invoice_no}`,
      TITLE,
      TAX_NO,
      '杭州康采医药有限公司',
      '91330110MA2CFK3868',
      '阿莫西林胶囊',
      '布洛芬缓释胶囊',
      `¥${first.payable}`,
      `订单号：${first.orderNo}`,
      '开票人：陈慧',
      '开发环境模拟发票',
      '价税合计（大写）',
    ])
      expect(text).toContain(s);
  });

  it('keeps PDFs to their member and to operators who may read invoices', async () => {
    const doc = (await invoiceOf(first.id)).documents[0];
    const other = new Client(t.app, '10.31.0.2');
    await other.login('demo_bj', 'demo123456');
    expect((await other.get(doc.pdf_url)).status).toBe(404);
    expect((await new Client(t.app, '10.31.0.3').get(doc.pdf_url)).status).toBe(401);
    expect((await bytesOf(staff.caiwu, `/api/admin/invoices/${doc.id}/pdf`)).statusCode).toBe(200);
    expect((await staff.cangku.get(`/api/admin/invoices/${doc.id}/pdf`)).status).toBe(403);
  });

  it('does nothing the second time, and refuses orders without an invoice or that do not exist', async () => {
    const again = await staff.caiwu.post('/api/admin/invoices/issue', { order_ids: [first.id] });
    expect(again.body).toMatchObject({
      msg: '所选订单的发票均已是最新',
      data: { results: [{ result: 'unchanged' }] },
    });
    expect((await invoiceOf(first.id)).documents).toHaveLength(1);

    const none = await paidOrder(0, [{ goods_id: f.amoxicillin, number: 10 }], false);
    const refused = await staff.caiwu.post('/api/admin/invoices/issue', { order_ids: [none.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`订单 ${none.orderNo} 未申请发票`);
    expect((await staff.caiwu.post('/api/admin/invoices/issue', { order_ids: [2_000_000_000] })).status).toBe(
      404,
    );
    for (const bad of [{}, { order_ids: 'abc' }, { order_ids: [] }, { order_ids: [-1] }])
      expect((await staff.caiwu.post('/api/admin/invoices/issue', bad)).status).toBe(422);
    expect((await demo.get('/api/user/invoices?status=lost')).status).toBe(422);
    expect((await demo.get('/api/user/invoices/abc/pdf')).status).toBe(422);
  });

  it('red-flushes and re-issues by itself when a return is refunded', async () => {
    const before = await invoiceOf(first.id);
    const detail = (await demo.get(`/api/order/${first.id}`)).body.data;
    const ibu = detail.lines.find((l: { goods_id: number }) => l.goods_id === f.ibuprofen);
    const asked = await postMultipart(demo, `/api/order/${first.id}/return`, {
      kind: 'return',
      reason: '商品破损',
      lines: [{ line_id: ibu.id, number: 2 }],
      photos: filePart(Buffer.from(PNG_1PX, 'base64'), 'photo.png', 'image/png'),
    });
    expect(asked.body.code).toBe(10000);
    const rid = asked.body.data.id;
    expect((await staff.kefu.post(`/api/admin/returns/${rid}/approve`, { remark: '' })).body.code).toBe(
      10000,
    );
    expect((await staff.cangku.post(`/api/admin/returns/${rid}/receive`)).body.code).toBe(10000);
    const refunded = await staff.caiwu.post(`/api/admin/returns/${rid}/refund`);
    expect(refunded.body.code).toBe(10000);
    const refund = Math.round(Number(refunded.body.data.refund_amount) * 100);

    const after = await invoiceOf(first.id);
    const kept = Math.round(Number(first.payable) * 100) - refund;
    expect(after).toMatchObject({ status: 'issued', amount: (kept / 100).toFixed(2) });
    const [old, red, blue] = after.documents;
    expect(old).toMatchObject({ id: before.documents[0].id, kind: 'blue', status_text: '已红冲' });
    expect(red).toMatchObject({
      kind: 'red',
      kind_text: '红字发票',
      amount: `-${first.payable}`,
      red_of_no: old.invoice_no,
    });
    expect(blue).toMatchObject({ kind: 'blue', status_text: '已开具', amount: (kept / 100).toFixed(2) });
    expect((await demo.get('/api/user/message')).body.data.list[0].title).toBe('发票已红冲并重新开具');

    const redText = (await pdfText((await bytesOf(demo, red.pdf_url)).rawPayload)).replace(/\s+/g, '');
    expect(redText).toContain(`被红冲蓝字数电发票号码：${old.invoice_no}`);
    expect(redText).toContain(`¥-${first.payable}`);
    const blueText = (await pdfText((await bytesOf(demo, blue.pdf_url)).rawPayload)).replace(/\s+/g, '');
    expect(blueText).toContain(`¥${(kept / 100).toFixed(2)}`);
  });

  it('red-flushes only when a paid order is cancelled, and shows 已红冲', async () => {
    const o = await paidOrder(2, [{ goods_id: f.amoxicillin, number: 10 }], false);
    expect(
      (await staff.caiwu.post('/api/admin/invoices/issue', { order_ids: [o.id] })).body.data.results[0]
        .result,
    ).toBe('issued');
    const special = await invoiceOf(o.id);
    expect(special).toMatchObject({ type_text: '增值税专用发票', status: 'issued' });
    const text = (await pdfText((await bytesOf(demo, special.documents[0].pdf_url)).rawPayload)).replace(
      /\s+/g,
      '',
    );
    expect(text).toContain('电子发票（增值税专用发票）');
    expect(text).toContain('杭州银行西湖支行330104016000285166');

    expect(
      (await staff.kefu.post(`/api/admin/orders/${o.id}/cancel`, { reason: '客户电话要求取消' })).body.code,
    ).toBe(10000);
    const after = await invoiceOf(o.id);
    expect(after).toMatchObject({ status: 'flushed', status_text: '已红冲', amount: '0.00' });
    expect(after.documents.map((d: { kind: string; status: string }) => `${d.kind}:${d.status}`)).toEqual([
      'blue:flushed',
      'red:issued',
    ]);
    const flushed = await demo.get('/api/user/invoices?status=flushed');
    expect(flushed.body.data.list.map((r: { order_id: number }) => r.order_id)).toEqual([o.id]);
    expect(
      (await staff.caiwu.get(`/api/admin/invoices?keyword=${o.orderNo}`)).body.data.list[0],
    ).toMatchObject({
      queue: 'flushed',
    });
  });

  it('keeps a refused request 开具中 with the reason and retries it under the same serial', async () => {
    const o = await paidOrder(1, [{ goods_id: f.amoxicillin, number: 10 }]);
    const serials: string[] = [];
    const down: EInvoiceProvider = {
      name: 'down',
      development: true,
      issue: async (r) => {
        serials.push(r.serial);
        throw new Error('税务平台维护中');
      },
    };
    const db = t.ctx.database.db;
    const failed = await issueOrderInvoice({ db, provider: down, now: () => t.clock.now }, o.id, null);
    expect(failed).toMatchObject({ result: 'failed', message: '开具失败：税务平台维护中' });
    expect((await invoiceOf(o.id)).documents[0]).toMatchObject({
      status: 'issuing',
      error: '税务平台维护中',
      pdf_url: '',
    });
    const dev = new DevEInvoiceProvider();
    const issue = dev.issue.bind(dev);
    const retried = await issueOrderInvoice(
      {
        db,
        provider: {
          ...dev,
          name: 'dev',
          development: true,
          issue: async (r, now) => (serials.push(r.serial), issue(r, now)),
        },
        now: () => t.clock.now,
      },
      o.id,
      null,
    );
    expect(retried.result).toBe('issued');
    expect(new Set(serials).size).toBe(1);
    const rows = await db.select().from(eInvoices).where(eq(eInvoices.orderId, o.id));
    expect(rows.map((r) => r.status)).toEqual(['issued']);
  });

  it('issues once when two callers race for the same order', async () => {
    const o = await paidOrder(1, [{ goods_id: f.amoxicillin, number: 10 }]);
    const db = t.ctx.database.db;
    const deps = { db, provider: new DevEInvoiceProvider(), now: () => t.clock.now };
    const results = await Promise.all([
      issueOrderInvoice(deps, o.id, null),
      issueOrderInvoice(deps, o.id, null),
    ]);
    expect(results.map((r) => r.result).sort()).toEqual(expect.arrayContaining(['issued']));
    const rows = await db.select().from(eInvoices).where(eq(eInvoices.orderId, o.id));
    expect(rows.map((r) => `${r.kind}:${r.status}`)).toEqual(['blue:issued']);
  });
});
