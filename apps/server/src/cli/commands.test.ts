import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAY_PASSWORD, seedAccounts } from '../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../test/helper.js';
import { fund, orderFixture } from '../modules/order/fixtures.js';
import { runCommand } from './commands.js';

let t: TestApp;
const run = (...args: string[]) => runCommand(t.ctx.database.db, args, t.clock.now);

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db, t.clock.now);
});
afterAll(() => t.close());

describe('npm run admin', () => {
  it('lists pending members, shows one, sets its scope and approves it', async () => {
    const [line] = await run('list-pending');
    expect(line).toMatch(/^\d+\tpending\t宁波仁和诊所\t诊所/);
    expect((await run('show', 'pending')).join('\n')).toContain('医疗机构执业许可证');
    expect(await run('set-scope', 'pending', '化学药制剂,中成药')).toEqual([
      expect.stringContaining('化学药制剂, 中成药'),
    ]);
    expect(await run('approve', 'pending')).toEqual([expect.stringMatching(/^approved member \d+$/)]);
    expect(await run('list-pending')).toEqual(['no members awaiting review']);
  });

  it('rejects with a reason, and explains bad input', async () => {
    await expect(run('approve', 'nobody')).rejects.toThrow('no member nobody');
    await expect(run('frobnicate')).rejects.toThrow('usage: npm run admin');
    await expect(run('reject', 'demo', '证件模糊')).rejects.toThrow('只能审核待审核的会员');
    await expect(run('set-scope', 'demo', '火箭')).rejects.toThrow('经营范围不正确');
  });
});

describe('npm run admin: fulfilment', () => {
  let demo: Client;
  let orderId: number;
  beforeAll(async () => {
    const f = await orderFixture(t.ctx.database.db, t.clock.now);
    await fund(t.ctx.database.db, 'demo', 100_000, t.clock.now);
    demo = new Client(t.app, '10.6.0.1');
    await demo.login('demo', 'demo123456');
    const addressId = (await demo.get('/api/user/address')).body.data[0].id;
    await demo.post('/api/cart', { params: [{ goods_id: f.ibuprofen, number: 4 }] });
    const body = { address_id: addressId, coupon_id: 0, voucher_id: 0, idempotency_key: 'cli-test-0001' };
    orderId = (await demo.post('/api/order', body)).body.data.order_id;
    expect(
      (await demo.post(`/api/order/${orderId}/pay`, { method: 'balance', pay_password: DEMO_PAY_PASSWORD }))
        .body.code,
    ).toBe(10000);
  });

  it('lists orders to ship and ships one', async () => {
    const [row] = await run('orders');
    expect(row).toMatch(
      new RegExp(`^${orderId}\tKC\\d{16}\t待发货\t杭州康宁大药房有限公司\t115.00\t余额支付`),
    );
    await expect(run('ship', String(orderId), '顺丰速运', '?')).rejects.toThrow('请填写正确的运单号');
    expect(await run('ship', String(orderId), '顺丰速运', 'SF3300112233')).toEqual([
      `shipped order ${orderId}: 顺丰速运 SF3300112233`,
    ]);
    expect(await run('orders')).toEqual(['no orders']);
    expect((await run('orders', '2'))[0]).toContain('已发货');
    await expect(run('confirm-payment', String(orderId))).rejects.toThrow('订单已发货，无需确认收款');
  });

  it('takes a return through approval, receipt and refund, and tops up a balance', async () => {
    const line = (await demo.get(`/api/order/${orderId}`)).body.data.lines[0];
    const body = { kind: 'return', reason: '发错货', lines: [{ line_id: line.id, number: 1 }] };
    const id = String((await demo.post(`/api/order/${orderId}/return`, body)).body.data.id);
    expect((await run('returns'))[0]).toMatch(new RegExp(`^${id}\tTH\\d{16}\t待审核\t`));
    await expect(run('return-reject', id)).rejects.toThrow('请填写拒绝原因');
    expect(await run('return-approve', id, '请用原包装')).toEqual([`approved return ${id}`]);
    expect(await run('return-receive', id)).toEqual([`received return ${id} (goods to quarantine)`]);
    expect(await run('return-refund', id)).toEqual([`refunded 25.00 yuan for return ${id}`]);
    await expect(run('return-refund', id)).rejects.toThrow('该申请已退款');
    expect(await run('returns', 'refunded')).toHaveLength(1);
    expect(await run('recharge', 'demo', '100.50', '线下汇款')).toEqual([
      expect.stringMatching(/^member \d+ balance: 1010\.50$/),
    ]);
    await expect(run('recharge', 'demo', 'lots')).rejects.toThrow('amount in yuan');
  });
});

describe('npm run admin: create-operator', () => {
  it('creates a back-office account with its role that can log in', async () => {
    const lines = await runCommand(
      t.ctx.database.db,
      ['create-operator', 'zhang_cw', 'finance', '张会计'],
      t.clock.now,
      {
        password: 'caiwu2026pass',
      },
    );
    expect(lines[0]).toMatch(/^operator \d+ zhang_cw \(财务\) created$/);
    const c = new Client(t.app);
    await c.get('/api/health');
    const login = await c.post('/api/admin/login', { username: 'zhang_cw', password: 'caiwu2026pass' });
    expect(login.body.code).toBe(10000);
  });

  it.each([
    [['create-operator', 'x', 'admin'], 'good1pass', /username/],
    [
      ['create-operator', 'newop', 'boss'],
      'good1pass',
      /role must be one of admin, service, warehouse, finance/,
    ],
    [['create-operator', 'newop', 'admin'], 'short1', /密码至少8位/],
    [['create-operator', 'newop', 'admin'], '', /密码至少8位|请输入密码/],
  ])('%j with password %j is refused', async (args, password, message) => {
    await expect(runCommand(t.ctx.database.db, args, t.clock.now, { password })).rejects.toThrow(message);
  });
});
