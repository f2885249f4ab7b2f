import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD, seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { PNG_PART, download } from '../../test/account-fixtures.js';
import { postMultipart } from '../../test/multipart.js';
import { cartLines } from '../cart/schema.js';
import { saveSiteSettings } from '../content/service.js';
import { fund, orderFixture, stockOf, type OrderFixture } from './fixtures.js';
import { sweepOrders } from '../../flows/orders/sweep.js';
import { shipOrder } from './lifecycle.js';

let t: TestApp;
let f: OrderFixture;
let demo: Client;
let addressId: number;
const key = () => crypto.randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db);
  f = await orderFixture(db, t.clock.now);
  await fund(db, 'demo', 1_000_000, t.clock.now);
  await saveSiteSettings(db, {
    payee_name: '杭州康采医药有限公司',
    payee_bank: '工商银行',
    payee_account: '1202 0001',
  });
  demo = new Client(t.app);
  await demo.login('demo', 'demo123456');
  addressId = (await demo.get('/api/user/address')).body.data[0].id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.database.db.delete(cartLines);
});

async function add(c: Client, lines: { goods_id: number; number: number }[]) {
  const r = await c.post('/api/cart', { params: lines });
  expect(r.body.code).toBe(10000);
}
const place = (c: Client, body: Record<string, unknown> = {}) =>
  c.post('/api/order', {
    address_id: addressId,
    coupon_id: 0,
    voucher_id: 0,
    idempotency_key: key(),
    ...body,
  });

describe('check order (POST /api/order/preview)', () => {
  it('groups lines by warehouse, applies the best coupon and shows the breakdown', async () => {
    await add(demo, [
      { goods_id: f.amoxicillin, number: 20 },
      { goods_id: f.ibuprofen, number: 10 },
    ]);
    const r = await demo.post('/api/order/preview', {});
    expect(r.body.code).toBe(10000);
    const v = r.body.data;
    expect(v.warehouses.map((w: { name: string }) => w.name).sort()).toEqual(['宁波仓', '杭州仓']);
    expect(v.amounts).toMatchObject({
      list_amount: '508.00',
      goods_amount: '508.00',
      shipping_amount: '15.00',
    });
    // 满100减10 (10.00) beats 满500享95折 (25.40): no — 95折 of 508.00 takes 25.40, the best.
    expect(v.coupons.find((c: { id: number }) => c.id === v.coupon_id).name).toBe('满500享95折');
    expect(v.amounts.coupon_amount).toBe('25.40');
    expect(v.vouchers[0]).toMatchObject({ name: '5元现金券', usable: 1 });
    expect(v.amounts.voucher_amount).toBe('5.00');
    expect(v.amounts.payable).toBe('492.60');
    // Each line names its shares of the coupon and the voucher; together they are the totals.
    type Line = { name: string; reductions: { kind: string; label: string; amount: string }[] };
    const lines: Line[] = v.warehouses.flatMap((w: { lines: Line[] }) => w.lines);
    const shares = (kind: string) =>
      lines.reduce(
        (fen, l) => fen + Math.round(Number(l.reductions.find((r) => r.kind === kind)?.amount ?? 0) * 100),
        0,
      );
    expect(shares('coupon')).toBe(2540);
    expect(shares('voucher')).toBe(500);
    for (const l of lines) expect(l.reductions.map((r) => r.label)).toEqual(['优惠券分摊', '现金券分摊']);
    expect(v.address_id).toBe(addressId);
    expect(v.invoice_defaults.title).toBe('杭州康宁大药房有限公司');

    const none = await demo.post('/api/order/preview', { coupon_id: 0, voucher_id: 0 });
    expect(none.body.data).toMatchObject({ coupon_id: 0, voucher_id: 0 });
    expect(none.body.data.amounts.payable).toBe('523.00');
    for (const w of none.body.data.warehouses) for (const l of w.lines) expect(l.reductions).toEqual([]);
  });

  it('refuses another member’s cart lines and an empty selection', async () => {
    const r = await demo.post('/api/order/preview', { ids: [999999] });
    expect(r.status).toBe(404);
    const empty = await demo.post('/api/order/preview', {});
    expect(empty.body.msg).toBe('请选择要结算的商品');
  });
});

describe('placing an order (POST /api/order)', () => {
  it('draws units earliest expiry first, skips expired lots, takes stock and clears the cart', async () => {
    await add(demo, [{ goods_id: f.amoxicillin, number: 40 }]);
    const before = await stockOf(t.ctx.database.db, f.amoxicillin);
    const r = await place(demo);
    expect(r.body).toMatchObject({ code: 10000, msg: '订单提交成功' });
    expect(r.body.data).toMatchObject({
      status: 0,
      payable: '531.00',
      pay_path: `/cart/step3/${r.body.data.order_id}`,
    });
    expect(r.body.data.order_no).toMatch(/^KC\d{16}$/);
    const after = await stockOf(t.ctx.database.db, f.amoxicillin);
    expect(after.stock).toBe(before.stock - 40);
    expect(after.lots).toMatchObject({ 'B-EARLY': 0, 'B-LATE': before.lots['B-LATE']! - 10, 'B-OLD': 500 });
    const d = (await demo.get(`/api/order/${r.body.data.order_id}`)).body.data;
    expect(d.lines[0].lots.map((l: { batch_no: string; number: number }) => [l.batch_no, l.number])).toEqual([
      ['B-EARLY', 30],
      ['B-LATE', 10],
    ]);
    expect((await demo.get('/api/cart/list')).body.data.data).toEqual([]);
  });

  it('returns the same order for a retried key and refuses the key with another body', async () => {
    await add(demo, [{ goods_id: f.ibuprofen, number: 1 }]);
    const k = key();
    const first = await place(demo, { idempotency_key: k });
    const again = await place(demo, { idempotency_key: k });
    expect(again.body.data.order_id).toBe(first.body.data.order_id);
    const other = await place(demo, { idempotency_key: k, remark: '加急' });
    expect(other.status).toBe(409);
    expect(other.body.msg).toContain('请求标识');
  });

  it('refuses a changed amount with the new preview, and a missing key or address', async () => {
    await add(demo, [{ goods_id: f.ibuprofen, number: 2 }]);
    const changed = await place(demo, { expected_payable: '1.00' });
    expect(changed.status).toBe(400);
    expect(changed.body.data).toMatchObject({ amount_changed: 1, payable: '65.00' });
    expect(changed.body.data.preview.amounts.payable).toBe('65.00');
    expect((await place(demo, { idempotency_key: '' })).body.msg).toContain('缺少请求标识');
    expect((await place(demo, { address_id: '' })).body.msg).toBe('请选择收货地址');
    expect((await place(demo, { address_id: 999999 })).body.msg).toContain('收货地址不存在');
    expect((await place(demo, { invoice_type: 2, invoice_title: '杭州康宁', tax_no: 'bad' })).status).toBe(
      422,
    );
  });

  it('tells the buyer which goods are short, and keeps stock and cart as they were', async () => {
    const db = t.ctx.database.db;
    await add(demo, [{ goods_id: f.ibuprofen, number: 30 }]);
    await db.execute(`update goods_lots set quantity = 3 where batch_no = 'IB-01'`);
    await db.execute(`update goods set stock = 3 where id = ${f.ibuprofen}`);
    const short = await place(demo);
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('库存不足，最多可购买3盒');
    await db.execute(`update goods_lots set quantity = 40 where batch_no = 'IB-01'`);
    await db.execute(`update goods set stock = 40 where id = ${f.ibuprofen}`);
    // An expired batch is never sold, even while the catalogue still counts it.
    await db.execute(`update goods_lots set expires_on = now()::date where batch_no = 'IB-01'`);
    const expired = await place(demo);
    expect(expired.body.msg).toBe('库存不足：布洛芬缓释胶囊已售罄');
    expect(expired.body.data.problems).toEqual([
      {
        goods_id: f.ibuprofen,
        name: '布洛芬缓释胶囊',
        reason: 'stock',
        message: '库存不足：布洛芬缓释胶囊已售罄',
      },
    ]);
    expect((await stockOf(db, f.ibuprofen)).stock).toBe(40);
    expect((await demo.get('/api/cart/list')).body.data.data).toHaveLength(1);
    await db.execute(`update goods_lots set expires_on = expires_on + 1000 where batch_no = 'IB-01'`);
  });
});

describe('paying and the order lifecycle', () => {
  it('pays by balance with a money-log entry, once', async () => {
    await add(demo, [{ goods_id: f.amoxicillin, number: 10 }]);
    const o = (await place(demo)).body.data;
    const before = (await demo.get('/api/user/user_money')).body.data.balance;
    const page = (await demo.get(`/api/order/${o.order_id}/pay`)).body.data;
    expect(page.methods.map((m: { method: string; enabled: number }) => [m.method, m.enabled])).toEqual([
      ['balance', 1],
      ['offline', 1],
      ['online', 1],
    ]);
    const paid = await demo.post(`/api/order/${o.order_id}/pay`, {
      method: 'balance',
      pay_password: DEMO_PAY_PASSWORD,
    });
    expect(paid.body).toMatchObject({ code: 10000, msg: '支付成功', data: { status: 'paid' } });
    const after = (await demo.get('/api/user/user_money')).body.data.balance;
    expect(Number(before) - Number(after)).toBeCloseTo(Number(o.payable), 2);
    const log = (await demo.get('/api/user/user_money_log?use_type=2')).body.data.list[0];
    expect(log).toMatchObject({ amount: `-${o.payable}`, order_no: o.order_no });
    const twice = await demo.post(`/api/order/${o.order_id}/pay`, {
      method: 'balance',
      pay_password: DEMO_PAY_PASSWORD,
    });
    expect(twice.body.msg).toBe('订单已支付，请勿重复支付');
    const d = (await demo.get(`/api/order/${o.order_id}`)).body.data;
    expect(d).toMatchObject({
      status: 1,
      status_text: '待发货',
      payment: { method: 'balance', status: 'paid' },
    });
  });

  it('cancels a paid order: refund to balance, stock and coupon back', async () => {
    await add(demo, [{ goods_id: f.ibuprofen, number: 10 }]);
    const coupons = (await demo.post('/api/order/preview', {})).body.data;
    const o = (await place(demo, { coupon_id: coupons.coupon_id, voucher_id: 0 })).body.data;
    await demo.post(`/api/order/${o.order_id}/pay`, { method: 'balance', pay_password: DEMO_PAY_PASSWORD });
    const stock = (await stockOf(t.ctx.database.db, f.ibuprofen)).stock;
    const r = await demo.post(`/api/order/${o.order_id}/cancel`, { reason: '买错了' });
    expect(r.body).toMatchObject({ code: 10000, data: { status: 4, payment: { status: 'refunded' } } });
    expect((await stockOf(t.ctx.database.db, f.ibuprofen)).stock).toBe(stock + 10);
    const refund = (await demo.get('/api/user/user_money_log?use_type=3')).body.data.list[0];
    expect(refund).toMatchObject({ amount: o.payable, order_no: o.order_no });
    await add(demo, [{ goods_id: f.ibuprofen, number: 10 }]);
    const again = (await demo.post('/api/order/preview', {})).body.data;
    expect(again.coupon_id).toBe(coupons.coupon_id);
  });

  it('cancels unpaid orders after 30 minutes in the background sweep', async () => {
    // Earlier tests' unpaid orders are swept first, so only this order moves the stock below.
    await sweepOrders(t.ctx.database.db, new Date(t.clock.now.getTime() + 3600_000));
    await add(demo, [{ goods_id: f.ibuprofen, number: 5 }]);
    const o = (await place(demo)).body.data;
    const stock = (await stockOf(t.ctx.database.db, f.ibuprofen)).stock;
    const later = new Date(t.clock.now.getTime() + 29 * 60_000);
    expect((await sweepOrders(t.ctx.database.db, later)).expired).toBe(0);
    const due = new Date(t.clock.now.getTime() + 31 * 60_000);
    expect((await sweepOrders(t.ctx.database.db, due)).expired).toBeGreaterThanOrEqual(1);
    const d = (await demo.get(`/api/order/${o.order_id}`)).body.data;
    expect(d).toMatchObject({ status: 4, cancel_reason: '超时未支付，系统自动取消' });
    expect((await stockOf(t.ctx.database.db, f.ibuprofen)).stock).toBe(stock + 5);
  });

  it('ships, shows the logistics timeline, confirms receipt with points, and buys again', async () => {
    await add(demo, [{ goods_id: f.amoxicillin, number: 10 }]);
    const o = (await place(demo)).body.data;
    await demo.post(`/api/order/${o.order_id}/pay`, { method: 'balance', pay_password: DEMO_PAY_PASSWORD });
    await shipOrder(t.ctx.database.db, o.order_id, '顺丰速运', 'SF1234567890', t.clock.now);
    t.clock.now = new Date(t.clock.now.getTime() + 7 * 3600_000);
    const d = (await demo.get(`/api/order/${o.order_id}`)).body.data;
    expect(d.status_text).toBe('已发货');
    expect(d.logistics).toMatchObject({ carrier: '顺丰速运', tracking_no: 'SF1234567890' });
    expect(d.logistics.timeline.map((e: { text: string }) => e.text)).toEqual([
      '【模拟轨迹】快件已到达杭州转运中心，正发往下一站',
      '【模拟轨迹】顺丰速运已揽收，运单号 SF1234567890',
      '仓库已发货，顺丰速运 运单号 SF1234567890',
    ]);
    const done = await demo.post(`/api/order/${o.order_id}/receive`, {});
    expect(done.body.data).toMatchObject({ status: 3, status_text: '已完成', points_awarded: 129 });
    const again = await demo.post(`/api/order/${o.order_id}/buy_again`, {});
    expect(again.body.data).toEqual({ added: 1, skipped: [] });
    expect((await demo.get('/api/cart/list')).body.data.data[0].number).toBe(10);
    const note = (await demo.get(`/api/order/${o.order_id}/delivery_note`)).body.data;
    expect(note.sheets[0].rows[0]).toMatchObject({ name: '阿莫西林胶囊', number: 10 });
  });

  it('lists, filters and counts the member’s orders; another member sees none of them', async () => {
    const list = (await demo.get('/api/order/list?status=3')).body.data;
    expect(list.list.every((o: { status: number }) => o.status === 3)).toBe(true);
    const byName = (await demo.get(`/api/order/list?keywords=${encodeURIComponent('布洛芬')}`)).body.data;
    expect(byName.total).toBeGreaterThan(0);
    const counts = (await demo.get('/api/order/counts')).body.data;
    expect(counts.all).toBe(
      counts.unpaid + counts.undelivered + counts.delivered + counts.done + counts.cancelled,
    );
    const other = new Client(t.app);
    await other.login('demo_bj', 'demo123456');
    const id = list.list[0].id;
    expect((await other.get(`/api/order/${id}`)).status).toBe(404);
    expect((await other.post(`/api/order/${id}/cancel`, {})).status).toBe(404);
    expect((await other.get('/api/order/list')).body.data.total).toBe(0);
    expect((await demo.get('/api/order/list?status=9')).status).toBe(422);
    expect((await demo.get('/api/order/list?start_time=2026-02-01&end_time=2026-01-01')).status).toBe(422);
  });
});

describe('online payment through the development gateway', () => {
  it('pays once however often the signed notification is replayed; a forged one fails', async () => {
    await add(demo, [{ goods_id: f.ibuprofen, number: 1 }]);
    const o = (await place(demo)).body.data;
    const r = (await demo.post(`/api/order/${o.order_id}/pay`, { method: 'online' })).body.data;
    expect(r).toMatchObject({ status: 'pending', pay_url: `/api/pay/simulator/${r.payment_no}` });
    const html = await t.app.inject({ method: 'GET', url: r.pay_url });
    expect(html.body).toContain('开发环境支付模拟器');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/simulator',
      payload: {
        payment_no: r.payment_no,
        trade_no: 'X',
        amount: '2500',
        status: 'SUCCESS',
        timestamp: '1',
        sign: 'ab',
      },
    });
    expect(forged.body).toBe('fail');
    const done = await demo.post(`${r.pay_url}/complete`, {});
    expect(done.body.data.result).toBe('success');
    expect((await demo.get(`/api/payment/${r.payment_no}`)).body.data.status).toBe('paid');
    expect((await demo.get(`/api/order/${o.order_id}`)).body.data).toMatchObject({
      status: 1,
      payment: { method: 'online' },
    });
  });
});

describe('含麻 orders', () => {
  it('need the purchaser identity before paying and list with their receipt', async () => {
    await add(demo, [{ goods_id: f.hm, number: 2 }]);
    const o = (await place(demo)).body.data;
    expect(o).toMatchObject({ is_hm: 1, pay_path: `/cart/hm?id=${o.order_id}` });
    const page = (await demo.get(`/api/order/${o.order_id}/pay`)).body.data;
    expect(page.hm_identity_required).toBe(1);
    const missing = await demo.post(`/api/order/${o.order_id}/pay`, {
      method: 'balance',
      pay_password: DEMO_PAY_PASSWORD,
    });
    expect(missing.status).toBe(422);
    const bad = await demo.post(`/api/order/${o.order_id}/pay`, {
      method: 'balance',
      purchaser_name: '王建国',
      purchaser_id_no: '123',
      purchaser_phone: '13800138000',
    });
    expect(bad.body.msg).toBe('请填写正确的18位身份证号');
    const ok = await demo.post(`/api/order/${o.order_id}/pay`, {
      method: 'balance',
      pay_password: DEMO_PAY_PASSWORD,
      purchaser_name: '王建国',
      purchaser_id_no: '330106198001011234',
      purchaser_phone: '13800138000',
    });
    expect(ok.body.data.status).toBe('paid');
    const hm = (await demo.get('/api/order/hm')).body.data.list[0];
    expect(hm).toMatchObject({
      id: o.order_id,
      receipt_due: 0,
      hm: { purchaser_id_no: '330106********1234' },
    });
    expect((await demo.post(`/api/order/${o.order_id}/hm_receipt`, { file: 'x' })).status).toBe(422);
    await shipOrder(t.ctx.database.db, o.order_id, '顺丰速运', 'SF1234567891', t.clock.now);
    const receipt = await postMultipart(demo, `/api/order/${o.order_id}/hm_receipt`, { file: PNG_PART });
    expect(receipt.body.data).toMatchObject({ receipt_status: 'uploaded' });
    const file = await download(t.app, demo, receipt.body.data.receipt_url);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG_PART.bytes)).toBe(true);
  });
});
