import crypto from 'node:crypto';
import { ORDER_RULES, chinaDateTime, unixSeconds, yuanToFen } from '@kc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { signNotification } from '../../providers/index.js';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { saveSiteSettings } from '../../modules/content/service.js';
import { fund, orderFixture, type OrderFixture } from '../../modules/order/fixtures.js';
import { NOTIFY_WINDOW_S } from './notify.js';

let t: TestApp;
let f: OrderFixture;
let demo: Client;
let addressId: number;
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
  f = await orderFixture(db(), t.clock.now);
  await fund(db(), 'demo', 1_000_000, t.clock.now);
  await saveSiteSettings(db(), {
    payee_name: '杭州康采医药有限公司',
    payee_bank: '工商银行',
    payee_account: '1202 0001',
  });
  demo = new Client(t.app, '10.7.0.1');
  await demo.login('demo', 'demo123456');
  addressId = (await demo.get('/api/user/address')).body.data[0].id;
});
afterAll(() => t.close());

/** Places an order of one box of ibuprofen for demo; answers its id. */
async function placeOrder(): Promise<number> {
  expect((await demo.post('/api/cart', { params: [{ goods_id: f.ibuprofen, number: 1 }] })).body.code).toBe(
    10000,
  );
  const placed = await demo.post('/api/order', {
    address_id: addressId,
    coupon_id: 0,
    voucher_id: 0,
    idempotency_key: crypto.randomUUID(),
  });
  return placed.body.data.order_id as number;
}

async function payOnline(orderId: number): Promise<{ payment_no: string; pay_url: string }> {
  return (await demo.post(`/api/order/${orderId}/pay`, { method: 'online' })).body.data;
}

const statusOf = async (paymentNo: string) => (await demo.get(`/api/payment/${paymentNo}`)).body.data.status;

describe('gateway notifications (POST /api/pay/notify/simulator)', () => {
  it('are refused outside ±5 minutes of the server clock, and recorded as such', async () => {
    const orderId = await placeOrder();
    const { payment_no } = await payOnline(orderId);
    const amount = String(yuanToFen((await demo.get(`/api/order/${orderId}`)).body.data.payable));
    const notify = (at: number) => {
      const n = { payment_no, trade_no: 'GW-T', amount, status: 'SUCCESS', timestamp: String(at) };
      const payload = { ...n, sign: signNotification(n, t.ctx.config.paymentSecret) };
      return t.app.inject({ method: 'POST', url: '/api/pay/notify/simulator', payload });
    };
    const now = unixSeconds(t.clock.now);
    for (const at of [now - NOTIFY_WINDOW_S - 1, now + NOTIFY_WINDOW_S + 1, 1]) {
      expect((await notify(at)).body).toBe('fail');
      expect(await statusOf(payment_no)).toBe('pending');
    }
    const refused = rowsOf<{ result: string }>(
      await db().execute(`select result from payment_notifications where payment_no = '${payment_no}'`),
    );
    expect(refused.map((r) => r.result)).toEqual(Array(3).fill('rejected: timestamp outside the window'));
    // `now` is floored to the second, so the oldest accepted second is one later.
    expect((await notify(now - NOTIFY_WINDOW_S + 1)).body).toBe('success');
    expect(await statusOf(payment_no)).toBe('paid');
  });
});

describe('the simulator cashier’s 确认支付 (POST /api/pay/simulator/:no/complete)', () => {
  it('needs the paying member’s session', async () => {
    const orderId = await placeOrder();
    const { pay_url, payment_no } = await payOnline(orderId);
    const visitor = new Client(t.app, '10.7.0.2');
    await visitor.get('/api/health');
    expect((await visitor.post(`${pay_url}/complete`)).status).toBe(401);
    const bj = new Client(t.app, '10.7.0.3');
    await bj.login('demo_bj', 'demo123456');
    expect((await bj.post(`${pay_url}/complete`)).status).toBe(404);
    expect(await statusOf(payment_no)).toBe('pending');
    expect((await demo.post(`${pay_url}/complete`)).body.data.result).toBe('success');
    expect(await statusOf(payment_no)).toBe('paid');
  });
});

describe('choosing 对公转账 (POST /api/order/:id/pay method=offline)', () => {
  it('holds the stock 72 hours from the first choice; choosing it again does not restart the hold', async () => {
    const orderId = await placeOrder();
    const expiresAt = async () => (await demo.get(`/api/order/${orderId}`)).body.data.expires_at;
    const first = await demo.post(`/api/order/${orderId}/pay`, { method: 'offline' });
    expect(first.body.data.status).toBe('awaiting_transfer');
    const held = await expiresAt();
    const at = t.clock.now;
    expect(held).toBe(chinaDateTime(new Date(at.getTime() + ORDER_RULES.offlineTimeoutMs)));
    t.clock.now = new Date(at.getTime() + 24 * 3600_000);
    try {
      expect((await demo.post(`/api/order/${orderId}/pay`, { method: 'offline' })).body.code).toBe(10000);
      expect(await expiresAt()).toBe(held);
      // Switching to the gateway and back does not restart it either.
      await payOnline(orderId);
      await demo.post(`/api/order/${orderId}/pay`, { method: 'offline' });
      expect(await expiresAt()).toBe(held);
    } finally {
      t.clock.now = at;
    }
  });
});
