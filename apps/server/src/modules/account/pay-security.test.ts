import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chinaDate, yuanToFen } from '@kc/domain';
import { DEMO_PAY_PASSWORD, seedAccounts } from '../../seed/accounts.js';
import { rowsOf } from '../../platform/db.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { lastCode } from '../../test/account-fixtures.js';
import { cartLines } from '../cart/schema.js';
import { createGoods } from '../catalog/service.js';
import { fund, orderFixture, type OrderFixture } from '../order/fixtures.js';

let t: TestApp;
let f: OrderFixture;
let demo: Client;
let addressId: number;
let shortLived: number;
const PHONE = '13800138000';
const db = () => t.ctx.database.db;
const later = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};
const balance = async () =>
  rowsOf<{ balance: number }>(
    await db().execute(sql`select balance from members where username = 'demo'`),
  )[0]!.balance;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
  f = await orderFixture(db(), t.clock.now);
  await fund(db(), 'demo', 1_000_000, t.clock.now);
  const [cat] = rowsOf<{ id: number }>(await db().execute(sql`select id from categories limit 1`));
  const inMonths = (n: number) => chinaDate(new Date(t.clock.now.getTime() + n * 30 * 86_400_000));
  shortLived = await createGoods(db(), {
    name: '维生素C片',
    ypgg: '0.1g*100片',
    sccj: '华润三九医药股份有限公司',
    approvalNo: '国药准字H20000077',
    scopeClass: '化学药制剂',
    categoryId: cat!.id,
    ckId: f.ck1,
    basePrice: 500,
    price: 400,
    lots: [{ batchNo: 'VC-6M', producedOn: inMonths(-18), expiresOn: inMonths(6), quantity: 200 }],
  });
  demo = new Client(t.app);
  await demo.login('demo', 'demo123456');
  addressId = (await demo.get('/api/user/address')).body.data[0].id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await db().delete(cartLines);
  // Each test in its own SMS window (one code a minute per mobile).
  later(2 * 60_000);
});

async function order(goodsId: number, number: number) {
  expect((await demo.post('/api/cart', { params: [{ goods_id: goodsId, number }] })).body.code).toBe(10000);
  const placed = await demo.post('/api/order', {
    address_id: addressId,
    coupon_id: 0,
    voucher_id: 0,
    idempotency_key: crypto.randomUUID(),
  });
  return placed.body as { code: number; msg: string; data: { order_id: number; payable: string } };
}
const pay = (id: number, body: Record<string, unknown> = {}) =>
  demo.post(`/api/order/${id}/pay`, { method: 'balance', ...body });

describe('余额支付 asks for the payment password on the server', () => {
  it('refuses a balance payment without the password and takes nothing', async () => {
    const o = (await order(f.ibuprofen, 1)).data;
    const before = await balance();
    const r = await pay(o.order_id);
    expect(r.body).toMatchObject({
      code: 400,
      msg: '余额支付请输入支付密码',
      data: { need_pay_password: 1 },
    });
    expect(await balance()).toBe(before);
    const done = await pay(o.order_id, { pay_password: DEMO_PAY_PASSWORD });
    expect(done.body).toMatchObject({ code: 10000, data: { status: 'paid' } });
    expect(await balance()).toBe(before - yuanToFen(o.payable));
  });

  it('refuses a malformed password with the form message', async () => {
    const o = (await order(f.ibuprofen, 1)).data;
    const r = await pay(o.order_id, { pay_password: '12ab' });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('请输入6位数字支付密码');
  });

  it('counts wrong passwords, locks after the fifth for 30 minutes, and a right one resets the count', async () => {
    const o = (await order(f.ibuprofen, 1)).data;
    expect((await pay(o.order_id, { pay_password: '000001' })).body.msg).toBe('支付密码错误，还可尝试4次');
    // A right password gives the tries back.
    const o2 = (await order(f.ibuprofen, 1)).data;
    expect((await pay(o2.order_id, { pay_password: DEMO_PAY_PASSWORD })).body.code).toBe(10000);
    for (const left of [4, 3, 2, 1])
      expect((await pay(o.order_id, { pay_password: '000001' })).body.msg).toBe(
        `支付密码错误，还可尝试${left}次`,
      );
    const fifth = await pay(o.order_id, { pay_password: '000001' });
    expect(fifth.body.msg).toMatch(
      /^支付密码错误次数过多，已锁定至\d\d:\d\d；可在账户中心通过短信验证码重置支付密码$/,
    );
    expect(fifth.body.data).toEqual({ pay_password_locked: 1 });
    // Locked: even the right password is refused, and the account centre says so.
    expect((await pay(o.order_id, { pay_password: DEMO_PAY_PASSWORD })).body.msg).toMatch(/已锁定/);
    expect((await demo.get('/api/user/pay_password')).body.data).toMatchObject({
      is_set: 1,
      locked: 1,
      tries_left: 0,
    });
    later(31 * 60_000);
    expect((await demo.get('/api/user/pay_password')).body.data).toMatchObject({ locked: 0, tries_left: 5 });
    // (the order waited past its payment time meanwhile: a new one)
    const o3 = (await order(f.ibuprofen, 1)).data;
    expect((await pay(o3.order_id, { pay_password: DEMO_PAY_PASSWORD })).body).toMatchObject({
      code: 10000,
      data: { status: 'paid' },
    });
  });

  it('resets a locked password with an SMS code to the member own mobile', async () => {
    const o = (await order(f.ibuprofen, 1)).data;
    for (let i = 0; i < 5; i += 1) await pay(o.order_id, { pay_password: '000002' });
    expect((await demo.get('/api/user/pay_password')).body.data.locked).toBe(1);
    // The payment scenes are not for anyone's mobile: only through the member's own call.
    expect(
      (await demo.post('/api/user/create_code', { mobile: PHONE, scene: 'pay_password' })).body.msg,
    ).toBe('验证码用途不正确');
    const sent = await demo.post('/api/user/pay_password/code', { scene: 'pay_password' });
    expect(sent.body).toMatchObject({ code: 10000, data: { mobile: '138****8000' } });
    const code = await lastCode(db(), PHONE);
    const bad = await demo.post('/api/user/pay_password', {
      code: '000000',
      password: '135792',
      confirm: '135792',
    });
    expect(bad.body.msg).toBe('验证码错误，还可尝试4次');
    expect(
      (await demo.post('/api/user/pay_password', { code, password: '135792', confirm: '135790' })).body.msg,
    ).toBe('两次输入的支付密码不一致');
    expect(
      (await demo.post('/api/user/pay_password', { code, password: '111111', confirm: '111111' })).body.msg,
    ).toBe('支付密码过于简单，请勿使用相同或连续的数字');
    const set = await demo.post('/api/user/pay_password', { code, password: '135792', confirm: '135792' });
    expect(set.body).toMatchObject({ code: 10000, msg: '支付密码设置成功', data: { is_set: 1, locked: 0 } });
    const [row] = rowsOf<{ h: string }>(
      await db()
        .execute(sql`select pay_password_hash as h from member_settings s join members m on m.id = s.member_id
        where m.username = 'demo'`),
    );
    expect(row!.h.startsWith('$argon2id$')).toBe(true);
    expect((await pay(o.order_id, { pay_password: DEMO_PAY_PASSWORD })).body.msg).toBe(
      '支付密码错误，还可尝试4次',
    );
    expect((await pay(o.order_id, { pay_password: '135792' })).body.code).toBe(10000);
    // The code was used: it cannot set the password twice.
    expect(
      (await demo.post('/api/user/pay_password', { code, password: '246810', confirm: '246810' })).body.msg,
    ).toBe('验证码已使用，请重新获取');
    later(2 * 60_000);
    await demo.post('/api/user/pay_password/code', { scene: 'pay_password' });
    const again = await lastCode(db(), PHONE);
    expect(
      (
        await demo.post('/api/user/pay_password', {
          code: again,
          password: DEMO_PAY_PASSWORD,
          confirm: DEMO_PAY_PASSWORD,
        })
      ).body.code,
    ).toBe(10000);
  });

  it('asks for an SMS code above the amount the member set', async () => {
    const wrong = await demo.post('/api/user/pay_password/sms_above', {
      amount: '100',
      pay_password: '000003',
    });
    expect(wrong.body.msg).toBe('支付密码错误，还可尝试4次');
    const set = await demo.post('/api/user/pay_password/sms_above', {
      amount: '100',
      pay_password: DEMO_PAY_PASSWORD,
    });
    expect(set.body).toMatchObject({ code: 10000, data: { sms_above: '100.00', tries_left: 5 } });
    const small = (await order(f.ibuprofen, 1)).data; // 25.00 and the freight: no code
    expect(yuanToFen(small.payable)).toBeLessThanOrEqual(10_000);
    expect((await pay(small.order_id, { pay_password: DEMO_PAY_PASSWORD })).body).toMatchObject({
      code: 10000,
    });
    const big = (await order(f.ibuprofen, 5)).data; // 125.00
    const need = await pay(big.order_id, { pay_password: DEMO_PAY_PASSWORD });
    expect(need.body).toMatchObject({
      msg: '支付金额超过100.00元，请输入短信验证码',
      data: { need_sms_code: 1 },
    });
    expect((await demo.post('/api/user/pay_password/code', { scene: 'pay' })).body.code).toBe(10000);
    const code = await lastCode(db(), PHONE);
    expect((await pay(big.order_id, { pay_password: DEMO_PAY_PASSWORD, sms_code: '000000' })).body.msg).toBe(
      '验证码错误，还可尝试4次',
    );
    expect((await pay(big.order_id, { pay_password: DEMO_PAY_PASSWORD, sms_code: code })).body).toMatchObject(
      {
        code: 10000,
        data: { status: 'paid' },
      },
    );
    await demo.post('/api/user/pay_password/sms_above', { amount: '', pay_password: DEMO_PAY_PASSWORD });
    expect((await demo.get('/api/user/pay_password')).body.data.sms_above).toBeNull();
  });

  it('refuses the settings calls to a visitor', async () => {
    const visitor = new Client(t.app);
    expect((await visitor.get('/api/user/pay_password')).status).toBe(401);
    expect((await visitor.post('/api/user/pay_password/code', { scene: 'pay' })).status).toBe(401);
    expect((await visitor.get('/api/user/licence_alerts')).status).toBe(401);
  });
});

describe('the shelf-life floor', () => {
  it('shows the FEFO lot on cart and check-order lines and allocates only lots above the floor', async () => {
    const year = t.clock.now.getUTCFullYear();
    await demo.post('/api/cart', { params: [{ goods_id: f.amoxicillin, number: 10 }] });
    const line = () => demo.get('/api/cart/list').then((r) => r.body.data.data[0]);
    // No floor: the earliest lot (B-EARLY, next January).
    expect((await line()).lot_expiry).toMatchObject({
      from: `${year + 1}-01-01`,
      below_floor: 0,
      floor_months: 0,
    });
    const set = await demo.post('/api/user/shelf_floor', { months: 12 });
    expect(set.body).toMatchObject({ code: 10000, data: { shelf_months: 12 } });
    expect((await line()).lot_expiry).toMatchObject({
      from: `${year + 3}-06-01`,
      to: `${year + 3}-06-01`,
      floor_months: 12,
      below_floor: 0,
      text: `效期至${year + 3}-06-01`,
    });
    const preview = await demo.post('/api/order/preview', {});
    expect(preview.body.data.warehouses[0].lines[0].lot_expiry.from).toBe(`${year + 3}-06-01`);
    const placed = await demo.post('/api/order', {
      address_id: addressId,
      coupon_id: 0,
      voucher_id: 0,
      idempotency_key: crypto.randomUUID(),
    });
    expect(placed.body.code).toBe(10000);
    const lots = rowsOf<{ batch_no: string; number: number }>(
      await db().execute(
        sql`select batch_no, number from order_line_lots where order_id = ${placed.body.data.order_id}`,
      ),
    );
    expect(lots).toEqual([{ batch_no: 'B-LATE', number: 10 }]);
  });

  it('flags goods whose lots are all under the floor and refuses to order them', async () => {
    await demo.post('/api/user/shelf_floor', { months: 12 });
    await demo.post('/api/cart', { params: [{ goods_id: shortLived, number: 10 }] });
    const l = (await demo.get('/api/cart/list')).body.data.data[0];
    expect(l.lot_expiry).toMatchObject({ below_floor: 1, floor_months: 12 });
    expect(l.lot_expiry.text).toMatch(
      /^现有批号效期不足12个月（最长至\d{4}-\d\d-\d\d），不符合您设置的效期要求$/,
    );
    const placed = await order(shortLived, 10);
    expect(placed.msg).toBe('维生素C片没有效期满12个月的批号，不符合您设置的效期要求');
    await demo.post('/api/user/shelf_floor', { months: 0 });
    await db().delete(cartLines);
    expect((await order(shortLived, 10)).code).toBe(10000);
  });

  it('refuses a floor that is not offered', async () => {
    const r = await demo.post('/api/user/shelf_floor', { months: 7 });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('请选择效期下限');
  });
});

describe('the licence-expiry countdown', () => {
  it('lists the member documents expiring within 60 days, soonest first', async () => {
    expect((await demo.get('/api/user/licence_alerts')).body.data).toEqual({ within_days: 60, list: [] });
    const inDays = (n: number) => chinaDate(new Date(t.clock.now.getTime() + n * 86_400_000));
    await db().execute(sql`update qualification_documents set valid_to = ${inDays(45)}
      where type = 'drug_licence' and member_id = (select id from members where username = 'demo')`);
    await db().execute(sql`update qualification_documents set valid_to = ${inDays(61)}
      where type = 'business_licence' and member_id = (select id from members where username = 'demo')`);
    const r = (await demo.get('/api/user/licence_alerts')).body.data;
    expect(r.list).toEqual([
      {
        type: 'drug_licence',
        type_name: '药品经营许可证',
        number: '浙AA5710362',
        valid_to: inDays(45),
        days_left: 45,
      },
    ]);
  });
});
