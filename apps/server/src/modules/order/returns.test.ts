import crypto from 'node:crypto';
import { yuanToFen, type OrderLineView } from '@kc/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD, seedAccounts } from '../../seed/accounts.js';
import { PNG_1PX } from '../../test/account-fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { cartLines } from '../cart/schema.js';
import { saveSiteSettings } from '../content/service.js';
import { fund, orderFixture, stockOf, type OrderFixture } from './fixtures.js';
import { rowsOf } from '../../platform/db.js';

let t: TestApp;
let f: OrderFixture;
let demo: Client;
let op: Client;
let addressId: number;
const RETURN_ADDRESS = '浙江省杭州市余杭区仓前街道康采物流园3号库 退货组 0571-88886666';
const PNG = filePart(Buffer.from(PNG_1PX, 'base64'), 'photo.png', 'image/png');

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db, t.clock.now);
  f = await orderFixture(db, t.clock.now);
  await fund(db, 'demo', 1_000_000, t.clock.now);
  await saveSiteSettings(db, { return_address: RETURN_ADDRESS });
  demo = new Client(t.app, '10.8.0.1');
  await demo.login('demo', 'demo123456');
  addressId = (await demo.get('/api/user/address')).body.data[0].id;
  op = new Client(t.app, '10.8.0.2');
  await op.get('/api/health');
  await op.post('/api/admin/login', { username: 'admin', password: 'admin123456' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.database.db.delete(cartLines);
});

/** Places (and unless told otherwise pays and ships) an order of the given lines; answers its detail. */
async function order(
  lines: { goods_id: number; number: number }[],
  to: 'unpaid' | 'shipped' = 'shipped',
  body = {},
) {
  expect((await demo.post('/api/cart', { params: lines })).body.code).toBe(10000);
  const placed = await demo.post('/api/order', {
    address_id: addressId,
    coupon_id: 0,
    voucher_id: 0,
    idempotency_key: crypto.randomUUID(),
    ...body,
  });
  const id = placed.body.data.order_id as number;
  if (to === 'shipped') {
    expect(
      (await demo.post(`/api/order/${id}/pay`, { method: 'balance', pay_password: DEMO_PAY_PASSWORD })).body
        .code,
    ).toBe(10000);
    const ship = await op.post(`/api/admin/orders/${id}/ship`, {
      carrier: '顺丰速运',
      tracking_no: `SF${id}000001`,
    });
    expect(ship.body.code).toBe(10000);
  }
  return (await demo.get(`/api/order/${id}`)).body.data;
}
const lineOf = (d: { lines: OrderLineView[] }, goodsId: number): OrderLineView =>
  d.lines.find((l) => l.goods_id === goodsId)!;
const ask = (
  orderId: number,
  lines: { line_id: number; number: number }[],
  more: Record<string, unknown> = {},
) =>
  postMultipart(demo, `/api/order/${orderId}/return`, { kind: 'return', reason: '商品破损', lines, ...more });
const balance = async () => yuanToFen((await demo.get('/api/user/user_money')).body.data.balance);
const getBytes = (c: Client, url: string) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: '10.8.0.9',
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });

describe('asking for a return (POST /api/order/:id/return)', () => {
  it('refuses more than is returnable, gift lines, lines of other orders and unpaid orders', async () => {
    const d = await order([
      { goods_id: f.amoxicillin, number: 10 },
      { goods_id: f.ibuprofen, number: 3 },
    ]);
    const ibu = lineOf(d, f.ibuprofen);
    const over = await ask(d.id, [{ line_id: ibu.id, number: 4 }]);
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('布洛芬缓释胶囊超过可退数量，最多还可退3盒');
    // Two rows of the same line count together.
    const twice = await ask(d.id, [
      { line_id: ibu.id, number: 2 },
      { line_id: ibu.id, number: 2 },
    ]);
    expect(twice.body.msg).toContain('超过可退数量');
    // Units in an open request are not returnable a second time.
    expect((await ask(d.id, [{ line_id: ibu.id, number: 2 }])).body.code).toBe(10000);
    expect((await ask(d.id, [{ line_id: ibu.id, number: 2 }])).body.msg).toBe(
      '布洛芬缓释胶囊超过可退数量，最多还可退1盒',
    );
    // A same-goods gift (买N赠M同品) ships free and is not returned on its own.
    const amox = lineOf(d, f.amoxicillin);
    await t.ctx.database.db.execute(
      `update order_lines set is_gift = true, pay_amount = 0 where id = ${amox.id}`,
    );
    expect((await ask(d.id, [{ line_id: amox.id, number: 1 }])).body.msg).toBe(
      '阿莫西林胶囊是赠品，不能单独申请退货',
    );

    const other = await order([{ goods_id: f.ibuprofen, number: 1 }]);
    const foreign = await ask(other.id, [{ line_id: ibu.id, number: 1 }]);
    expect(foreign).toMatchObject({ status: 400, body: { msg: '所选商品不属于该订单' } });

    const unpaid = await order([{ goods_id: f.ibuprofen, number: 1 }], 'unpaid');
    const refused = await ask(unpaid.id, [{ line_id: unpaid.lines[0].id, number: 1 }]);
    expect(refused).toMatchObject({ status: 400, body: { msg: '订单待付款，不能申请退货/售后' } });

    const bj = new Client(t.app, '10.8.0.3');
    await bj.login('demo_bj', 'demo123456');
    const notHers = await bj.post(`/api/order/${d.id}/return`, {
      kind: 'return',
      reason: '商品破损',
      lines: [{ line_id: ibu.id, number: 1 }],
    });
    expect(notHers.status).toBe(404);
    expect((await ask(d.id, [])).status).toBe(422);
    expect((await ask(d.id, [{ line_id: ibu.id, number: 0 }])).body.msg).toBe('退货数量必须大于0');
  });

  it('shows units claimed by an open request as not returnable, and frees them on rejection', async () => {
    const d = await order([{ goods_id: f.ibuprofen, number: 5 }]);
    const line = lineOf(d, f.ibuprofen);
    expect(line).toMatchObject({ returned_number: 0, returnable_number: 5 });
    const open = (await ask(d.id, [{ line_id: line.id, number: 3 }])).body.data;
    const returnable = async () => lineOf((await demo.get(`/api/order/${d.id}`)).body.data, f.ibuprofen);
    expect(await returnable()).toMatchObject({ returned_number: 0, returnable_number: 2 });
    // What the detail offers is exactly what a second request may take.
    expect((await ask(d.id, [{ line_id: line.id, number: 3 }])).body.msg).toBe(
      '布洛芬缓释胶囊超过可退数量，最多还可退2盒',
    );
    expect((await ask(d.id, [{ line_id: line.id, number: 2 }])).body.code).toBe(10000);
    expect((await returnable()).returnable_number).toBe(0);
    expect(
      (await op.post(`/api/admin/returns/${open.id}/reject`, { reason: '超出退货范围' })).body.code,
    ).toBe(10000);
    expect((await returnable()).returnable_number).toBe(3);
  });

  it('takes up to 5 JPG or PNG photos of at most 5 MB, by content', async () => {
    const d = await order([{ goods_id: f.ibuprofen, number: 2 }]);
    const line = [{ line_id: d.lines[0].id, number: 1 }];
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6 * 1024 * 1024)]);
    const tooBig = await ask(d.id, line, {
      photos: [PNG, filePart(big, 'big.jpg', 'image/jpeg')],
    });
    expect(tooBig).toMatchObject({ status: 422, body: { msg: '第2张照片：文件不能超过5MB' } });
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1');
    const asPdf = await ask(d.id, line, { photos: [filePart(pdf, 'photo.jpg', 'image/jpeg')] });
    expect(asPdf).toMatchObject({ status: 422, body: { msg: '第1张照片仅支持JPG或PNG图片' } });
    expect((await ask(d.id, line, { photos: Array(6).fill(PNG) })).body.msg).toBe('最多上传5张照片');

    const r = await ask(d.id, line, { photos: [PNG, PNG], description: '外盒压坏' });
    expect(r.body.data.photos).toEqual([
      `/api/order/return/${r.body.data.id}/photo/1`,
      `/api/order/return/${r.body.data.id}/photo/2`,
    ]);
    const img = await getBytes(demo, r.body.data.photos[1]);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
    expect((await getBytes(demo, `/api/order/return/${r.body.data.id}/photo/3`)).statusCode).toBe(404);
    const bj = new Client(t.app, '10.8.0.4');
    await bj.login('demo_bj', 'demo123456');
    expect((await getBytes(bj, r.body.data.photos[0])).statusCode).toBe(404);
    expect((await bj.get(`/api/order/return/${r.body.data.id}`)).status).toBe(404);
    expect((await getBytes(op, `/api/admin/returns/${r.body.data.id}/photo/1`)).statusCode).toBe(200);
  });

  it('closes 30 days after completion', async () => {
    const d = await order([{ goods_id: f.ibuprofen, number: 1 }]);
    await demo.post(`/api/order/${d.id}/receive`, {});
    const line = [{ line_id: d.lines[0].id, number: 1 }];
    // Moving the clock would end the session too: the completion moves back instead.
    await t.ctx.database.db.execute(
      `update orders set completed_at = completed_at - interval '29 days' where id = ${d.id}`,
    );
    expect((await ask(d.id, line)).body.code).toBe(10000);
    await t.ctx.database.db.execute(
      `update orders set completed_at = completed_at - interval '2 days' where id = ${d.id}`,
    );
    expect((await ask(d.id, line)).body.msg).toBe('订单完成已超过30天，不能申请退货/售后');
  });
});

describe('request → approve → receive → refund', () => {
  it('refunds to the balance exactly, once, and all refunds of a line add up to what it paid', async () => {
    // The best coupon and voucher apply, so the line's pay amount does not divide by its units.
    const d = await order(
      [
        { goods_id: f.amoxicillin, number: 30 },
        { goods_id: f.ibuprofen, number: 7 },
      ],
      'shipped',
      { coupon_id: '', voucher_id: '' },
    );
    const line = lineOf(d, f.ibuprofen);
    const pay = yuanToFen(line.pay_amount);
    expect(pay % 7).not.toBe(0);
    const stock = (await stockOf(t.ctx.database.db, f.ibuprofen)).stock;

    // A rejected request frees its units for a new one.
    const first = (await ask(d.id, [{ line_id: line.id, number: 7 }])).body.data;
    expect(first).toMatchObject({ status: 'pending', status_text: '待审核', return_address: '' });
    expect(first.return_no).toMatch(/^TH\d{16}$/);
    expect(first.timeline.map((e: { text: string }) => e.text)).toEqual(['提交申请']);
    expect((await op.post(`/api/admin/returns/${first.id}/reject`, { reason: '' })).status).toBe(422);
    const rejected = await op.post(`/api/admin/returns/${first.id}/reject`, { reason: '超出退货范围' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', admin_remark: '超出退货范围' });
    expect((await op.post(`/api/admin/returns/${first.id}/approve`)).body.msg).toBe('该申请已拒绝，不能审核');

    let refunded = 0;
    for (const n of [2, 3, 2]) {
      const before = await balance();
      const r = (await ask(d.id, [{ line_id: line.id, number: n }], { reason: '近效期' })).body.data;
      expect((await op.post(`/api/admin/returns/${r.id}/receive`)).body.msg).toBe(
        '该申请待审核，不能确认收货',
      );
      expect((await op.post(`/api/admin/returns/${r.id}/refund`)).body.msg).toBe('该申请待审核，不能退款');
      const approved = (await op.post(`/api/admin/returns/${r.id}/approve`, { remark: '请附退货单' })).body
        .data;
      expect(approved).toMatchObject({ status: 'approved', return_address: RETURN_ADDRESS });
      expect((await op.post(`/api/admin/returns/${r.id}/receive`)).body.data.status).toBe('received');
      // GSP: returned goods wait in quarantine; sellable stock does not grow.
      expect((await stockOf(t.ctx.database.db, f.ibuprofen)).stock).toBe(stock);
      // Two refunds at once: the request's lock lets one through; the other is told it is done.
      const both = await Promise.all([1, 2].map(() => op.post(`/api/admin/returns/${r.id}/refund`)));
      expect(both.map((x) => x.body.msg).sort()).toEqual(['已退款', '该申请已退款']);
      const done = both.find((x) => x.body.code === 10000)!.body.data;
      expect(done.status).toBe('refunded');
      const amount = yuanToFen(done.refund_amount);
      expect(await balance()).toBe(before + amount);
      const log = (await demo.get('/api/user/user_money_log?use_type=4')).body.data.list[0];
      expect(log).toMatchObject({
        amount: done.refund_amount,
        order_no: d.order_no,
        remark: `退货退款 ${r.return_no}`,
      });
      expect(done.timeline.map((e: { text: string }) => e.text)).toEqual([
        '提交申请',
        `审核通过（请附退货单），请将商品寄回：${RETURN_ADDRESS}`,
        '仓库已收到退货，商品已入退货隔离区待验，等待退款',
        `已退款${done.refund_amount}元至账户余额`,
      ]);
      const again = await op.post(`/api/admin/returns/${r.id}/refund`);
      expect(again).toMatchObject({ status: 400, body: { msg: '该申请已退款' } });
      expect(await balance()).toBe(before + amount);
      refunded += amount;
    }
    expect(refunded).toBe(pay);
    const [o] = rowsOf<{ refunded_amount: number }>(
      await t.ctx.database.db.execute(`select refunded_amount from orders where id = ${d.id}`),
    );
    expect(o).toEqual({ refunded_amount: pay });
    const after = (await demo.get(`/api/order/${d.id}`)).body.data;
    expect(lineOf(after, f.ibuprofen)).toMatchObject({ returned_number: 7, returnable_number: 0 });
    expect(after.returns).toHaveLength(4);
    expect((await ask(d.id, [{ line_id: line.id, number: 1 }])).body.msg).toContain('超过可退数量');

    const list = (await demo.get('/api/order/returns?page_size=4')).body.data;
    expect(list.list[0]).toMatchObject({ order_id: d.id, status: 'refunded', number: 2, member_company: '' });
    const messages = (await demo.get('/api/user/message')).body.data.list;
    expect(messages[0].content).toContain('已退款');
  });

  it('cannot be driven by members or visitors', async () => {
    const visitor = new Client(t.app, '10.8.0.5');
    expect((await visitor.post('/api/order/1/return', {})).status).toBe(401);
    expect((await visitor.get('/api/order/returns')).status).toBe(401);
    expect((await demo.post('/api/admin/returns/1/refund')).status).toBe(403);
    expect((await demo.get('/api/admin/returns')).status).toBe(403);
  });
});
