import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD, seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { PNG_1PX } from '../../test/account-fixtures.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { cartLines } from '../../modules/cart/schema.js';
import { saveSiteSettings } from '../../modules/content/service.js';
import { fund, orderFixture, type OrderFixture } from '../../modules/order/fixtures.js';

let t: TestApp;
let f: OrderFixture;
let demo: Client;
let op: Client;
let addressId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db, t.clock.now);
  f = await orderFixture(db, t.clock.now);
  await fund(db, 'demo', 1_000_000, t.clock.now);
  await saveSiteSettings(db, {
    payee_name: '杭州康采医药有限公司',
    payee_bank: '工商银行',
    payee_account: '1202 0001',
  });
  demo = new Client(t.app, '10.9.0.1');
  await demo.login('demo', 'demo123456');
  addressId = (await demo.get('/api/user/address')).body.data[0].id;
  op = new Client(t.app, '10.9.0.2');
  await op.get('/api/health');
  await op.post('/api/admin/login', { username: 'admin', password: 'admin123456' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.database.db.delete(cartLines);
});

async function placeOrder(goodsId: number, number: number, method?: 'balance' | 'offline') {
  await demo.post('/api/cart', { params: [{ goods_id: goodsId, number }] });
  const o = (
    await demo.post('/api/order', {
      address_id: addressId,
      coupon_id: 0,
      voucher_id: 0,
      idempotency_key: crypto.randomUUID(),
    })
  ).body.data;
  if (method)
    expect(
      (await demo.post(`/api/order/${o.order_id}/pay`, { method, pay_password: DEMO_PAY_PASSWORD })).body
        .code,
    ).toBe(10000);
  return o as { order_id: number; order_no: string; payable: string };
}

describe('orders to ship', () => {
  it('lists paid orders to ship by default, ships one, and the member sees the carrier', async () => {
    const paid = await placeOrder(f.ibuprofen, 2, 'balance');
    const unpaid = await placeOrder(f.ibuprofen, 1);
    const queue = (await op.get('/api/admin/orders')).body.data;
    expect(queue.list.map((o: { id: number }) => o.id)).toContain(paid.order_id);
    expect(queue.list.map((o: { id: number }) => o.id)).not.toContain(unpaid.order_id);
    expect(queue.list.find((o: { id: number }) => o.id === paid.order_id)).toMatchObject({
      status: 1,
      status_text: '待发货',
      member_company: '杭州康宁大药房有限公司',
      payable: paid.payable,
      payment_method: 'balance',
      payment_method_text: '余额支付',
      line_count: 1,
    });
    const found = (await op.get(`/api/admin/orders?status=0&keywords=${unpaid.order_no}`)).body.data;
    expect(found).toMatchObject({ total: 1, list: [{ id: unpaid.order_id, paid_at: '' }] });
    expect((await op.get('/api/admin/orders?status=7')).status).toBe(422);
    const detail = (await op.get(`/api/admin/orders/${paid.order_id}`)).body.data;
    expect(detail).toMatchObject({ id: paid.order_id, member_company: '杭州康宁大药房有限公司' });
    expect((await op.get('/api/admin/orders/999999')).status).toBe(404);

    const bad = await op.post(`/api/admin/orders/${paid.order_id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: '?',
    });
    expect(bad).toMatchObject({ status: 422, body: { msg: '请填写正确的运单号' } });
    const early = await op.post(`/api/admin/orders/${unpaid.order_id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF0000000001',
    });
    expect(early.body.msg).toBe('订单待付款，不能发货');
    const shipped = await op.post(`/api/admin/orders/${paid.order_id}/ship`, {
      carrier: '中通快递',
      tracking_no: 'ZT7788990011',
    });
    expect(shipped.body).toMatchObject({ code: 10000, msg: '已发货', data: { status: 2 } });
    const seen = (await demo.get(`/api/order/${paid.order_id}`)).body.data;
    expect(seen).toMatchObject({
      status: 2,
      status_text: '已发货',
      logistics: { carrier: '中通快递', tracking_no: 'ZT7788990011' },
    });
    expect((await demo.get('/api/user/message')).body.data.list[0].title).toBe('订单已发货');
  });

  it('confirms a bank transfer: the order goes to 待发货', async () => {
    const o = await placeOrder(f.ibuprofen, 1, 'offline');
    expect((await demo.get(`/api/order/${o.order_id}`)).body.data.payment.status).toBe('awaiting_transfer');
    const r = await op.post(`/api/admin/orders/${o.order_id}/confirm_payment`, {
      note: '工行回单 20240501-88',
    });
    expect(r.body).toMatchObject({ code: 10000, msg: '已确认收款' });
    const d = (await demo.get(`/api/order/${o.order_id}`)).body.data;
    expect(d).toMatchObject({
      status: 1,
      status_text: '待发货',
      payment: { method: 'offline', status: 'paid' },
    });
    const twice = await op.post(`/api/admin/orders/${o.order_id}/confirm_payment`, {});
    expect(twice.body.msg).toBe('订单待发货，无需确认收款');
  });

  it('refuses members (403) and visitors (401)', async () => {
    const visitor = new Client(t.app, '10.9.0.3');
    for (const [method, url] of [
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/orders/1'],
      ['POST', '/api/admin/orders/1/ship'],
      ['POST', '/api/admin/orders/1/confirm_payment'],
      ['GET', '/api/admin/returns'],
      ['GET', '/api/admin/returns/1'],
      ['POST', '/api/admin/returns/1/approve'],
      ['POST', '/api/admin/returns/1/reject'],
      ['POST', '/api/admin/returns/1/receive'],
      ['POST', '/api/admin/returns/1/refund'],
      ['GET', '/api/admin/returns/1/photo/1'],
    ] as const) {
      expect((await demo.request(method, url, method === 'POST' ? {} : undefined)).status).toBe(403);
      expect((await visitor.request(method, url, method === 'POST' ? {} : undefined)).status).toBe(401);
    }
  });
});

describe('returns in the back office', () => {
  it('lists requests by status with the buyer, and shows one with operator photo links', async () => {
    const o = await placeOrder(f.amoxicillin, 10, 'balance');
    await op.post(`/api/admin/orders/${o.order_id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: 'SF1000000001',
    });
    const d = (await demo.get(`/api/order/${o.order_id}`)).body.data;
    const png = filePart(Buffer.from(PNG_1PX, 'base64'), 'photo.png', 'image/png');
    const asked = await postMultipart(demo, `/api/order/${o.order_id}/return`, {
      kind: 'after_sales',
      reason: '质量问题',
      lines: [{ line_id: d.lines[0].id, number: 3 }],
      photos: [png],
    });
    const id = asked.body.data.id;
    const pending = (await op.get('/api/admin/returns')).body.data;
    expect(pending.list[0]).toMatchObject({
      id,
      status: 'pending',
      kind: 'after_sales',
      order_no: o.order_no,
      member_company: '杭州康宁大药房有限公司',
      number: 3,
      refund_amount: '38.70',
    });
    expect((await op.get('/api/admin/returns?status=refunded')).body.data.total).toBe(0);
    expect((await op.get('/api/admin/returns?status=lost')).status).toBe(422);
    const detail = (await op.get(`/api/admin/returns/${id}`)).body.data;
    expect(detail).toMatchObject({ kind_text: '售后', photos: [`/api/admin/returns/${id}/photo/1`] });
    expect(detail.lines[0].lots.length).toBeGreaterThan(0);
    expect((await op.post(`/api/admin/returns/${id}/approve`)).body.data.status).toBe('approved');
    expect((await op.post(`/api/admin/returns/${id}/approve`)).body.msg).toBe(
      '该申请已同意，待退货，不能审核',
    );
    expect((await op.get('/api/admin/returns?status=all')).body.data.total).toBe(1);
    expect((await op.post('/api/admin/returns/999999/approve')).status).toBe(404);
  });
});
