import { unixSeconds } from '@kc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signNotification } from '../../providers/index.js';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let demo: Client;
let bj: Client;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db, t.clock.now);
  demo = new Client(t.app, '10.8.0.1');
  await demo.login('demo', 'demo123456');
  bj = new Client(t.app, '10.8.0.2');
  await bj.login('demo_bj', 'demo123456');
});
afterAll(() => t.close());

interface LogLine {
  amount: string;
  use_type: number;
  use_type_text: string;
  order_no: string;
  remark: string;
}

const balanceOf = async (c: Client) => (await c.get('/api/user/user_money')).body.data.balance as string;
const rechargeLines = async (c: Client, paymentNo: string) =>
  ((await c.get('/api/user/user_money_log?page_size=100')).body.data.list as LogLine[]).filter(
    (l) => l.order_no === paymentNo,
  );
const statusOf = async (c: Client, paymentNo: string) =>
  (await c.get(`/api/user/recharge/${paymentNo}`)).body.data?.status as string | undefined;

async function startRecharge(c: Client, amount: string | number) {
  const r = await c.post('/api/user/recharge', { amount, pay_type: 'online' });
  expect(r.body.code).toBe(10000);
  return r.body.data as { payment_no: string; amount: string; status: string; pay_url: string };
}

/** The gateway's signed SUCCESS notification of `paymentNo` for `amountFen`. */
function notify(paymentNo: string, amountFen: string, tradeNo = 'GW-R1') {
  const n = {
    payment_no: paymentNo,
    trade_no: tradeNo,
    amount: amountFen,
    status: 'SUCCESS',
    timestamp: String(unixSeconds(t.clock.now)),
  };
  const payload = { ...n, sign: signNotification(n, t.ctx.config.paymentSecret) };
  return t.app.inject({ method: 'POST', url: '/api/pay/notify/simulator', payload });
}

/** Yuan text plus fen, as yuan text (the test's own arithmetic, in fen). */
const plus = (yuan: string, fen: number) => {
  const total = Math.round(Number(yuan) * 100) + fen;
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
};

describe('POST /api/user/recharge', () => {
  it('answers 401 (10001) without a member session', async () => {
    const visitor = new Client(t.app, '10.8.0.9');
    const r = await visitor.post('/api/user/recharge', { amount: '100', pay_type: 'online' });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(10001);
    const s = await visitor.get('/api/user/recharge/P17000000000001');
    expect(s.status).toBe(401);
    expect(s.body.code).toBe(10001);
  });

  it('refuses amounts outside 1.00–50000.00 or with more than two decimals (422)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, '请填写充值金额'],
      [{ amount: '' }, '请填写充值金额'],
      [{ amount: '0.99' }, '充值金额不能低于1.00元'],
      [{ amount: '0' }, '充值金额不能低于1.00元'],
      [{ amount: '50000.01' }, '单次充值不能超过50000.00元'],
      [{ amount: '99999999' }, '单次充值不能超过50000.00元'],
      [{ amount: '12.345' }, '充值金额格式有误，最多两位小数'],
      [{ amount: '-5' }, '充值金额格式有误，最多两位小数'],
      [{ amount: 'abc' }, '充值金额格式有误，最多两位小数'],
      [{ amount: '100', pay_type: 'balance' }, '充值仅支持在线支付'],
    ];
    for (const [body, msg] of cases) {
      const r = await demo.post('/api/user/recharge', body);
      expect({ body, status: r.status, msg: r.body.msg }).toEqual({ body, status: 422, msg });
    }
    const logs = (await demo.get('/api/user/user_money_log?page_size=100')).body.data.list as LogLine[];
    expect(logs.filter((l) => l.remark === '在线充值')).toEqual([]);
  });

  it('opens a pending top-up at the gateway for 1.00 up to 50000.00', async () => {
    const low = await startRecharge(demo, '1');
    expect(low).toMatchObject({ amount: '1.00', status: 'pending' });
    expect(low.payment_no).toMatch(/^P\d+$/);
    expect(low.pay_url).toBe(`/api/pay/simulator/${low.payment_no}`);
    const high = await startRecharge(demo, '50000.00');
    expect(high.amount).toBe('50000.00');
    expect(high.payment_no).not.toBe(low.payment_no);
    expect(await statusOf(demo, low.payment_no)).toBe('pending');
    // The simulator's cashier names it a top-up, not an order.
    const page = await demo.get(low.pay_url);
    expect(page.res.body).toContain('账户充值');
    expect(page.res.body).toContain('¥1.00');
    expect(page.res.body).not.toContain('订单号');
  });
});

describe('paying a top-up', () => {
  it('credits the balance and writes one 充值 line, however often the notification comes', async () => {
    const before = await balanceOf(demo);
    const r = await startRecharge(demo, '1234.56');
    expect(await balanceOf(demo)).toBe(before);

    const done = await demo.post(`${r.pay_url}/complete`);
    expect(done.body.data).toEqual({
      result: 'success',
      redirect: `/yegl?recharge=${r.payment_no}`,
    });
    expect(await balanceOf(demo)).toBe(plus(before, 123456));
    expect(await statusOf(demo, r.payment_no)).toBe('paid');
    expect((await demo.get(`/api/user/recharge/${r.payment_no}`)).body.data).toMatchObject({
      payment_no: r.payment_no,
      amount: '1234.56',
      status: 'paid',
    });
    const lines = await rechargeLines(demo, r.payment_no);
    expect(lines).toEqual([
      expect.objectContaining({
        amount: '1234.56',
        use_type: 1,
        use_type_text: '充值',
        order_no: r.payment_no,
        remark: '在线充值',
      }),
    ]);

    // The gateway replays its notification: answered success, nothing changes.
    expect((await notify(r.payment_no, '123456', 'GW-R2')).body).toBe('success');
    expect((await notify(r.payment_no, '123456', 'GW-R3')).body).toBe('success');
    expect(await balanceOf(demo)).toBe(plus(before, 123456));
    expect(await rechargeLines(demo, r.payment_no)).toHaveLength(1);

    // The cashier shows it paid and leads back to /yegl.
    const page = await demo.get(r.pay_url);
    expect(page.res.body).toContain('该支付单已支付');
    expect(page.res.body).toContain(`href="/yegl?recharge=${r.payment_no}"`);
  });

  it('credits once when 20 notifications arrive at once', async () => {
    const before = await balanceOf(demo);
    const r = await startRecharge(demo, '500');
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => notify(r.payment_no, '50000', `GW-C${i}`)),
    );
    expect(replies.map((x) => x.body)).toEqual(Array(20).fill('success'));
    expect(await balanceOf(demo)).toBe(plus(before, 50000));
    expect(await rechargeLines(demo, r.payment_no)).toHaveLength(1);
  });

  it('refuses a notification of another amount', async () => {
    const before = await balanceOf(demo);
    const r = await startRecharge(demo, '100');
    expect((await notify(r.payment_no, '1000000')).body).toBe('fail');
    expect((await notify(r.payment_no, '9999')).body).toBe('fail');
    expect(await statusOf(demo, r.payment_no)).toBe('pending');
    expect(await balanceOf(demo)).toBe(before);
    expect(await rechargeLines(demo, r.payment_no)).toEqual([]);
    // The right amount still pays it.
    expect((await notify(r.payment_no, '10000')).body).toBe('success');
    expect(await balanceOf(demo)).toBe(plus(before, 10000));
  });

  it('is the paying member’s own: another member neither sees nor pays it, and a forged notification fails', async () => {
    const demoBefore = await balanceOf(demo);
    const bjBefore = await balanceOf(bj);
    const r = await startRecharge(demo, '300');

    const seen = await bj.get(`/api/user/recharge/${r.payment_no}`);
    expect(seen.status).toBe(404);
    expect(seen.body.msg).toBe('充值单不存在');
    expect((await bj.post(`${r.pay_url}/complete`)).status).toBe(404);
    // A top-up is not an order payment.
    expect((await demo.get(`/api/payment/${r.payment_no}`)).status).toBe(404);

    // A notification signed with another key, or unsigned, is refused.
    const n = {
      payment_no: r.payment_no,
      trade_no: 'GW-F',
      amount: '30000',
      status: 'SUCCESS',
      timestamp: String(unixSeconds(t.clock.now)),
    };
    for (const payload of [{ ...n, sign: signNotification(n, 'not-the-secret') }, n]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/pay/notify/simulator', payload });
      expect(res.body).toBe('fail');
    }
    expect(await statusOf(demo, r.payment_no)).toBe('pending');
    expect(await balanceOf(demo)).toBe(demoBefore);
    expect(await balanceOf(bj)).toBe(bjBefore);

    // The owner pays it; the money is theirs only.
    expect((await demo.post(`${r.pay_url}/complete`)).body.data.result).toBe('success');
    expect(await balanceOf(demo)).toBe(plus(demoBefore, 30000));
    expect(await balanceOf(bj)).toBe(bjBefore);
    expect(await rechargeLines(bj, r.payment_no)).toEqual([]);
  });

  it('answers 422 for a malformed number and 404 for an unknown one', async () => {
    const bad = await demo.get('/api/user/recharge/abc');
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('充值单号有误');
    expect((await demo.get('/api/user/recharge/P17000000000001')).status).toBe(404);
  });
});
