import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { PNG_PART, download, inDays, lastCode, requestCode } from '../../test/account-fixtures.js';
import { postMultipart } from '../../test/multipart.js';

let t: TestApp;
const db = () => t.ctx.database.db;
let demo: Client;
let other: Client;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
  demo = new Client(t.app, '10.9.0.1');
  await demo.login('demo', 'demo123456');
  other = new Client(t.app, '10.9.0.2');
  await other.login('pending', 'demo123456');
});
afterAll(() => t.close());

/** Runs `fn` for a fresh demo login `days` from now (sessions last 7 days), then restores the clock. */
async function later<T>(days: number, fn: (c: Client) => Promise<T>): Promise<T> {
  const at = t.clock.now;
  t.clock.now = new Date(at.getTime() + days * 86_400_000);
  try {
    const c = new Client(t.app, '10.9.1.1');
    await c.login('demo', 'demo123456');
    return await fn(c);
  } finally {
    t.clock.now = at;
  }
}

const address = {
  consignee: '王建国',
  phone: '13800138000',
  region: '浙江省 杭州市',
  address: '文三路 398 号',
};

describe('member centre', () => {
  it('GET /api/user/center sums up the account', async () => {
    const res = await demo.get('/api/user/center');
    expect(res.body.data).toMatchObject({
      company: '杭州康宁大药房有限公司',
      rank: 2,
      balance: '0.00',
      coupon_count: 3,
      admin: { name: '李晓梅' },
      orders: { unpaid: 0, undelivered: 0, delivered: 0, done: 0, after_sale: 0 },
      qualification: { status: 'approved', is_passed: 1, warnings: [] },
      contract_signed: 1,
    });
  });

  it('warns about documents expiring within 30 days', async () => {
    const res = await later(340, (c) => c.get('/api/user/center'));
    const w = res.body.data.qualification.warnings;
    expect(w.map((x: { type: string }) => x.type).sort()).toEqual([
      'business_licence',
      'drug_licence',
      'hm_letter',
    ]);
    expect(w[0].message).toMatch(/将于\d+天后（\d{4}-\d{2}-\d{2}）到期，请及时更新/);
  });

  it('GET /api/user/couponNum counts usable coupons, none once they expire', async () => {
    expect((await demo.get('/api/user/couponNum')).body.data).toEqual({ num: 3 });
    expect((await other.get('/api/user/couponNum')).body.data).toEqual({ num: 0 });
    expect((await later(61, (c) => c.get('/api/user/couponNum'))).body.data).toEqual({ num: 0 });
  });

  it('GET /api/user/jyfw lists the scope without 生物制品', async () => {
    const res = await demo.get('/api/user/jyfw');
    expect(res.body.data.scope).toContain('化学药制剂');
    expect(res.body.data.scope).not.toContain('生物制品');
    expect(res.body.data.all).toContain('生物制品');
  });

  it('requires a session for every /api/user call', async () => {
    const anon = new Client(t.app);
    for (const url of [
      '/api/user/center',
      '/api/user/zizhi',
      '/api/user/jyfw',
      '/api/user/couponNum',
      '/api/user/address',
      '/api/user/message',
      '/api/user/contract',
    ]) {
      expect((await anon.get(url)).status).toBe(401);
    }
  });
});

describe('documents (zizhi)', () => {
  it('lists the member’s documents with type, number, validity and image URL', async () => {
    const res = await demo.get('/api/user/zizhi');
    expect(res.body.data).toHaveLength(3);
    expect(res.body.data[0]).toMatchObject({ status: 'approved', expired: false, mime: 'application/pdf' });
    expect(res.body.data[0].image).toMatch(/^\/api\/user\/zizhi\/\d+\/file$/);
  });

  it('a renewed document is pending review; another member cannot read the file', async () => {
    const up = await postMultipart(demo, '/api/user/zizhi', {
      type: 'drug_licence',
      number: '浙AA5710362-2',
      valid_to: inDays(t.clock.now, 800),
      file: PNG_PART,
    });
    expect(up.body.data.status).toBe('pending');
    expect((await download(t.app, demo, up.body.data.image)).statusCode).toBe(200);
    const stolen = await download(t.app, other, up.body.data.image);
    expect(stolen.statusCode).toBe(404);
    expect((await download(t.app, new Client(t.app), up.body.data.image)).statusCode).toBe(401);
  });
});

describe('addresses', () => {
  it('creates, edits, defaults and deletes; the first is the default', async () => {
    const list0 = await demo.get('/api/user/address');
    expect(list0.body.data).toHaveLength(1);
    const a = await demo.post('/api/user/address', {
      ...address,
      address: '滨江区江南大道 1 号',
      is_default: 1,
    });
    expect(a.body.data.is_default).toBe(1);
    const list = (await demo.get('/api/user/address')).body.data;
    expect(list.filter((x: { is_default: number }) => x.is_default === 1)).toHaveLength(1);
    expect(list[0].id).toBe(a.body.data.id);
    const edited = await demo.post(`/api/user/address/${a.body.data.id}`, { ...address, consignee: '李四' });
    expect(edited.body.data).toMatchObject({ consignee: '李四', is_default: 1 });
    const back = await demo.post(`/api/user/address/${list0.body.data[0].id}/default`);
    expect(back.body.data.is_default).toBe(1);
    expect((await demo.delete(`/api/user/address/${a.body.data.id}`)).body.code).toBe(10000);
    expect((await demo.get('/api/user/address')).body.data).toHaveLength(1);
  });

  it('deleting the default promotes another', async () => {
    const x = await other.post('/api/user/address', address);
    const y = await other.post('/api/user/address', { ...address, address: '另一条路 2 号' });
    expect(x.body.data.is_default).toBe(1);
    expect(y.body.data.is_default).toBe(0);
    await other.delete(`/api/user/address/${x.body.data.id}`);
    expect((await other.get('/api/user/address')).body.data[0]).toMatchObject({
      id: y.body.data.id,
      is_default: 1,
    });
  });

  it.each([
    [{ ...address, phone: '123' }, '请输入正确的手机号码'],
    [{ ...address, consignee: '' }, '请输入收货人'],
    [{ ...address, address: 'ab' }, '请输入详细地址'],
  ])('refuses %j', async (body, msg) => {
    const res = await demo.post('/api/user/address', body);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(msg);
  });

  it('member A cannot read or change B’s addresses', async () => {
    const mine = (await other.get('/api/user/address')).body.data[0];
    expect((await demo.post(`/api/user/address/${mine.id}`, address)).status).toBe(404);
    expect((await demo.post(`/api/user/address/${mine.id}/default`)).status).toBe(404);
    expect((await demo.delete(`/api/user/address/${mine.id}`)).status).toBe(404);
    expect((await demo.get('/api/user/address')).body.data.map((a: { id: number }) => a.id)).not.toContain(
      mine.id,
    );
    expect((await other.get('/api/user/address')).body.data[0]).toEqual(mine);
  });
});

describe('messages', () => {
  it('lists, counts unread, marks read; A cannot mark B’s messages', async () => {
    const unread = (await demo.get('/api/user/message/unread')).body.data.count;
    expect(unread).toBeGreaterThan(0);
    expect((await demo.get('/api/user/base')).body.data.message_count).toBe(unread);
    const list = await demo.get('/api/user/message?is_read=0');
    expect(list.body.data.total).toBe(unread);
    const id = list.body.data.list[0].id;
    expect((await other.post('/api/user/message/read', { ids: [id] })).body.data.count).toBe(0);
    expect(
      (await other.get('/api/user/message')).body.data.list.map((m: { id: number }) => m.id),
    ).not.toContain(id);
    expect((await demo.post('/api/user/message/read', { ids: [id] })).body.data.count).toBe(1);
    expect((await demo.get('/api/user/message/unread')).body.data.count).toBe(unread - 1);
    await demo.post('/api/user/message/read', { all: 1 });
    expect((await demo.get('/api/user/message/unread')).body.data.count).toBe(0);
    expect((await demo.post('/api/user/message/read', {})).status).toBe(422);
  });
});

describe('stores behind a mobile', () => {
  it('lists the caller’s own stores only and switches between them', async () => {
    const c = new Client(t.app, '10.9.0.5');
    await c.login('demo', 'demo123456');
    const stores = await c.get('/api/user/phone/13800138000');
    expect(
      stores.body.data.map((s: { username: string; is_current: number }) => [s.username, s.is_current]),
    ).toEqual([
      ['demo', 1],
      ['demo_bj', 0],
    ]);
    expect((await c.get('/api/user/phone/13900139000')).status).toBe(403);
    const pendingId = (await other.get('/api/user/base')).body.data.id;
    expect((await c.post('/api/user/switch_store', { id: pendingId })).status).toBe(404);
    const switched = await c.post('/api/user/switch_store', { id: stores.body.data[1].id });
    expect(switched.body.data.user.username).toBe('demo_bj');
    expect((await c.get('/api/user/base')).body.data.username).toBe('demo_bj');
  });
});

describe('updateUserInfo', () => {
  it('changes the name; a new phone needs a code sent to it', async () => {
    const c = new Client(t.app, '10.9.0.6');
    await c.login('pending', 'demo123456');
    expect(
      (await c.post('/api/user/updateUserInfo', { name: '陈芳芳', phone: '13900139000' })).body.data.name,
    ).toBe('陈芳芳');
    const noCode = await c.post('/api/user/updateUserInfo', { name: '陈芳芳', phone: '13600000001' });
    expect(noCode.body.msg).toBe('更换手机号需要短信验证码');
    expect((await requestCode(c, '13800138000', 'change_phone')).status).toBe(409);
    const anon = new Client(t.app, '10.9.0.9');
    await anon.get('/api/health');
    expect((await requestCode(anon, '13600000002', 'change_phone')).status).toBe(401);
    await requestCode(c, '13600000001', 'change_phone');
    const res = await c.post('/api/user/updateUserInfo', {
      name: '陈芳芳',
      phone: '13600000001',
      code: await lastCode(db(), '13600000001'),
    });
    expect(res.body.data.phone).toBe('13600000001');
  });
});

describe('e-contract', () => {
  it('shows the contract and records the signature time and IP', async () => {
    const c = new Client(t.app, '10.9.0.7');
    await c.login('pending', 'demo123456');
    const before = await c.get('/api/user/contract');
    expect(before.body.data).toMatchObject({ signed: 0, signed_at: null });
    expect(before.body.data.content).toContain('经营范围');
    expect((await c.post('/api/user/contract/sign', {})).status).toBe(422);
    const signed = await c.post('/api/user/contract/sign', { agree: 1 });
    expect(signed.body.data).toMatchObject({
      signed: 1,
      signed_ip: '10.9.0.7',
      signed_at: t.clock.now.toISOString(),
    });
  });
});

describe('WeChat (development provider)', () => {
  it('binds, logs in with WeChat, refuses a second binding, unbinds', async () => {
    const auth = await demo.get('/api/wechat/authorize?purpose=bind&dev_user=alice');
    expect(auth.body.data.provider).toBe('dev');
    const code = new URL(auth.body.data.url, 'http://x').searchParams.get('code');
    expect((await demo.post('/api/user/bind_wechat', { code })).body.code).toBe(10000);
    expect((await demo.get('/api/user/base')).body.data.wechat).toBe('1');
    expect((await other.post('/api/user/bind_wechat', { code })).status).toBe(409);
    const w = new Client(t.app, '10.9.0.8');
    await w.get('/api/health');
    expect((await w.post('/api/login/wechat', { code })).body.data.user.username).toBe('demo');
    expect((await demo.delete('/api/user/unbind_wechat')).body.msg).toBe('已解除绑定');
    const refused = await w.post('/api/login/wechat', { code });
    expect(refused.body).toMatchObject({ code: 400, data: { need_register: 1 } });
    expect((await w.post('/api/login/wechat', { code: 'forged' })).body.msg).toBe(
      '微信授权已失效，请重新授权',
    );
  });
});
