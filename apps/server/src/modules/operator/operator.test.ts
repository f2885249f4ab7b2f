import crypto from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, type OperatorRole } from '@kc/domain';
import { registerAdmin } from '../../app/admin-plugin.js';
import { audit } from '../../platform/audit.js';
import { installAuth } from '../../platform/auth.js';
import { installCookies } from '../../platform/cookies.js';
import { installErrorHandling, ok } from '../../platform/http.js';
import { installMultipart, readMultipart } from '../../platform/multipart.js';
import { DEMO_PAY_PASSWORD, seedAccounts } from '../../seed/accounts.js';
import { multipartBody } from '../../test/multipart.js';
import { findSession } from '../account/sessions.js';
import { registerPharmacy } from '../../test/account-fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { saveSiteSettings } from '../content/service.js';
import { fund, orderFixture, type OrderFixture } from '../order/fixtures.js';

const USERNAME: Record<OperatorRole, string> = {
  admin: 'admin',
  service: 'kefu',
  warehouse: 'cangku',
  finance: 'caiwu',
};
const PASSWORD = 'admin123456';

let t: TestApp;
let f: OrderFixture;
const staff = {} as Record<OperatorRole, Client>;
let demo: Client;
let ip = 0;
const client = () => new Client(t.app, `10.31.${Math.floor(++ip / 200)}.${(ip % 200) + 1}`);

async function operatorLogin(username: string, password = PASSWORD) {
  const c = client();
  await c.get('/api/health');
  const res = await c.post('/api/admin/login', { username, password });
  return { c, res };
}

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
  for (const role of OPERATOR_ROLES) {
    const { c, res } = await operatorLogin(USERNAME[role]);
    expect(res.body.code).toBe(10000);
    staff[role] = c;
  }
  demo = client();
  await demo.login('demo', 'demo123456');
});
afterAll(() => t.close());

const MINE: [string, OperatorRole[]][] = [
  ['GET /api/admin/operators', ['admin']],
  ['GET /api/admin/operators/:id', ['admin']],
  ['POST /api/admin/operators', ['admin']],
  ['POST /api/admin/operators/:id', ['admin']],
  ['POST /api/admin/operators/:id/disable', ['admin']],
  ['POST /api/admin/operators/:id/enable', ['admin']],
  ['POST /api/admin/operators/:id/password', ['admin']],
  ['GET /api/admin/audit', ['admin']],
  ['GET /api/admin/dashboard', ['admin', 'service', 'warehouse', 'finance']],
];

describe('who may call', () => {
  it.each(
    MINE.flatMap(([route, holders]) => OPERATOR_ROLES.map((r) => [route, r, holders.includes(r)] as const)),
  )('%s as %s: allowed %s', async (route, role, allowed) => {
    const [method, path] = route.split(' ') as ['GET' | 'POST', string];
    const res = await staff[role].request(
      method,
      path.replace(':id', '999999'),
      method === 'POST' ? {} : undefined,
    );
    if (allowed) expect([200, 404, 422]).toContain(res.status);
    else expect(res).toMatchObject({ status: 403, body: { code: 403, data: null } });
  });

  it('answers 401 without a session and 403 to a member', async () => {
    expect((await client().get('/api/admin/dashboard')).status).toBe(401);
    expect((await demo.get('/api/admin/dashboard')).status).toBe(403);
    expect((await demo.get('/api/admin/audit')).status).toBe(403);
  });
});

const auditOf = async (query: string) => (await staff.admin.get(`/api/admin/audit?${query}`)).body.data;

describe('operator accounts', () => {
  it('lists, searches and filters by role, never showing a hash', async () => {
    const all = (await staff.admin.get('/api/admin/operators')).body.data;
    expect(all).toMatchObject({ total: 4, page: 1 });
    expect(all.list[0]).toMatchObject({ username: 'admin', role: 'admin', role_text: '管理员', disabled: 0 });
    expect(JSON.stringify(all)).not.toMatch(/argon2|password/i);
    const wh = (await staff.admin.get('/api/admin/operators?role=warehouse')).body.data;
    expect(wh.list.map((o: { username: string }) => o.username)).toEqual(['cangku']);
    const kw = (await staff.admin.get('/api/admin/operators?keyword=KEF')).body.data;
    expect(kw.list.map((o: { username: string }) => o.username)).toEqual(['kefu']);
    expect((await staff.admin.get('/api/admin/operators?role=boss')).status).toBe(422);
  });

  it('creates an account that can log in; a taken name or a weak password is refused', async () => {
    const body = {
      username: 'wangwu',
      name: '王五',
      phone: '13900001111',
      role: 'warehouse',
      password: 'Cangku2026',
    };
    const made = await staff.admin.post('/api/admin/operators', body);
    expect(made.body).toMatchObject({
      code: 10000,
      data: { username: 'wangwu', role: 'warehouse', role_text: '仓库' },
    });
    expect(
      (await staff.admin.post('/api/admin/operators', { ...body, username: 'WANGWU' })).body,
    ).toMatchObject({
      code: 422,
      msg: '用户名已存在',
    });
    expect(
      (await staff.admin.post('/api/admin/operators', { ...body, username: 'x9', password: 'short' })).status,
    ).toBe(422);
    const { c, res } = await operatorLogin('wangwu', 'Cangku2026');
    expect(res.body.code).toBe(10000);
    expect((await c.get('/api/admin/dashboard')).status).toBe(200);
    expect((await c.get('/api/admin/operators')).status).toBe(403);

    const log = await auditOf(`action=operator.create&entity_id=${made.body.data.id}`);
    expect(log.total).toBe(1);
    expect(log.list[0]).toMatchObject({
      operator_name: 'admin',
      role: 'admin',
      entity: 'operator',
      summary: '新建运营人员 王五（wangwu），角色仓库',
      before: null,
      after: { username: 'wangwu', role: 'warehouse' },
      request: { username: 'wangwu', password: '***' },
      status: 200,
      method: 'POST',
      path: '/api/admin/operators',
    });
    expect(JSON.stringify(log)).not.toContain('Cangku2026');
  });

  it('edits name, phone and role, logging before and after', async () => {
    const id = (await staff.admin.get('/api/admin/operators?keyword=wangwu')).body.data.list[0].id;
    const res = await staff.admin.post(`/api/admin/operators/${id}`, {
      name: '王五五',
      phone: '',
      role: 'finance',
    });
    expect(res.body).toMatchObject({ code: 10000, data: { name: '王五五', role: 'finance' } });
    const [row] = (await auditOf(`action=operator.update&entity=operator&entity_id=${id}`)).list;
    expect(row).toMatchObject({
      before: { name: '王五', phone: '13900001111', role: 'warehouse' },
      after: { name: '王五五', phone: '', role: 'finance' },
    });
    expect(
      (await staff.admin.post('/api/admin/operators/999999', { name: 'x', role: 'service' })).status,
    ).toBe(404);
  });

  it('keeps one enabled 管理员 and refuses to disable oneself', async () => {
    const me = (await staff.admin.get('/api/admin/operators?keyword=admin&role=admin')).body.data.list[0].id;
    expect((await staff.admin.post(`/api/admin/operators/${me}/disable`)).body).toMatchObject({
      code: 400,
      msg: '不能停用自己的账号',
    });
    expect(
      (await staff.admin.post(`/api/admin/operators/${me}`, { name: '管理员', role: 'service' })).body,
    ).toMatchObject({
      code: 400,
      msg: '至少保留一名启用的管理员',
    });
    // With a second 管理员 the first may step down, and back.
    const second = await staff.admin.post('/api/admin/operators', {
      username: 'admin2',
      name: '二号管理员',
      role: 'admin',
      password: 'Admin2pass',
    });
    const { c } = await operatorLogin('admin2', 'Admin2pass');
    expect((await c.post(`/api/admin/operators/${me}`, { name: '管理员', role: 'service' })).body.code).toBe(
      10000,
    );
    expect(
      (await c.post(`/api/admin/operators/${second.body.data.id}`, { name: 'x', role: 'service' })).body.msg,
    ).toBe('至少保留一名启用的管理员');
    expect((await c.post(`/api/admin/operators/${me}`, { name: '管理员', role: 'admin' })).body.code).toBe(
      10000,
    );
    expect((await c.post(`/api/admin/operators/${second.body.data.id}/disable`)).body.msg).toBe(
      '不能停用自己的账号',
    );
  });

  it('disables (sessions end, login refused) and enables again', async () => {
    const { c } = await operatorLogin('kefu');
    const id = (await staff.admin.get('/api/admin/operators?keyword=kefu')).body.data.list[0].id;
    const off = await staff.admin.post(`/api/admin/operators/${id}/disable`);
    expect(off.body).toMatchObject({ code: 10000, data: { disabled: 1 } });
    expect((await c.get('/api/admin/dashboard')).status).toBe(401);
    expect((await staff.service.get('/api/admin/dashboard')).status).toBe(401);
    expect((await operatorLogin('kefu')).res.body.code).not.toBe(10000);
    const [row] = (await auditOf(`action=operator.disable&entity_id=${id}`)).list;
    expect(row).toMatchObject({
      before: { disabled: 0 },
      after: { disabled: 1 },
      summary: '停用运营人员 李晓梅（kefu）',
    });

    expect((await staff.admin.post(`/api/admin/operators/${id}/enable`)).body.data.disabled).toBe(0);
    const again = await operatorLogin('kefu');
    expect(again.res.body.code).toBe(10000);
    staff.service = again.c;
  });

  it('resets a password: the old one and the old sessions stop working', async () => {
    const { c } = await operatorLogin('caiwu');
    const id = (await staff.admin.get('/api/admin/operators?keyword=caiwu')).body.data.list[0].id;
    expect((await staff.admin.post(`/api/admin/operators/${id}/password`, { password: 'abc' })).status).toBe(
      422,
    );
    const res = await staff.admin.post(`/api/admin/operators/${id}/password`, { password: 'Caiwu2026new' });
    expect(res.body).toMatchObject({ code: 10000, msg: '密码已重置' });
    expect((await c.get('/api/admin/dashboard')).status).toBe(401);
    expect((await operatorLogin('caiwu')).res.body.code).not.toBe(10000);
    const now = await operatorLogin('caiwu', 'Caiwu2026new');
    expect(now.res.body.code).toBe(10000);
    staff.finance = now.c;
    const [row] = (await auditOf(`action=operator.password&entity_id=${id}`)).list;
    expect(row).toMatchObject({ request: { password: '***' }, before: null, after: null });
    expect(JSON.stringify(row)).not.toContain('Caiwu2026new');
  });
});

describe('the audit log', () => {
  it('records login attempts with the name and never the password', async () => {
    await operatorLogin('cangku', 'wrong-password-1');
    const failed = (await auditOf('action=operator.login_failed&keyword=cangku')).list[0];
    expect(failed).toMatchObject({
      operator_name: 'cangku',
      role: 'warehouse',
      status: 400,
      request: { username: 'cangku' },
    });
    expect(JSON.stringify(failed)).not.toContain('wrong-password-1');
    await operatorLogin('nobody-here', 'x');
    expect((await auditOf('action=operator.login_failed&keyword=nobody-here')).list[0]).toMatchObject({
      operator_id: 0,
      operator_name: 'nobody-here',
    });
    expect((await auditOf('action=operator.login')).total).toBeGreaterThan(4);
  });

  it('logs writes of other areas with their path, refused ones included, and no reads', async () => {
    const before = (await auditOf('')).total;
    await staff.warehouse.get('/api/admin/orders');
    expect((await auditOf('')).total).toBe(before);
    await staff.warehouse.post('/api/admin/members/999999/recharge', { amount: '1' });
    const [row] = (await auditOf('')).list;
    expect(row).toMatchObject({
      operator_name: 'cangku',
      action: 'POST /members/:id/recharge',
      status: 403,
      // Refused in the access hook, before the body was read.
      request: null,
      path: '/api/admin/members/:id/recharge',
    });
  });

  it('keeps only the field and file names of an upload', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    installCookies(app, { secure: false });
    installAuth(app, (token) => findSession(t.ctx.database.db, token, t.clock.now));
    await installMultipart(app);
    await registerAdmin(app, t.ctx, [
      (admin) =>
        admin.post('/upload', { config: { access: 'goods.import', upload: true } }, async (req) => {
          const { files } = await readMultipart(req, {
            maxFiles: 1,
            maxFields: 5,
            maxBytes: 1_000_000,
            accepts: () => true,
            refuse: () => new Error('refused') as never,
          });
          audit(req, { action: 'goods.import', entity: 'goods', summary: `导入 ${files[0]!.filename}` });
          return ok(files.length);
        }),
    ]);
    const login = await operatorLogin('admin');
    const { payload, contentType } = await multipartBody({
      dry_run: '1',
      api_token: 'tok-secret',
      file: { bytes: Buffer.from('name,price\n阿莫西林,12.9\n'), name: 'goods.csv', type: 'text/csv' },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      headers: {
        authorization: `Bearer ${login.res.body.data.token as string}`,
        'content-type': contentType,
      },
      payload,
    });
    expect(res.json()).toMatchObject({ code: 10000, data: 1 });
    const [row] = (await auditOf('action=goods.import')).list;
    expect(row).toMatchObject({
      summary: '导入 goods.csv',
      request: { multipart: { fields: ['file', 'dry_run', 'api_token'], files: ['goods.csv'] } },
    });
    expect(JSON.stringify(row)).not.toMatch(/tok-secret|阿莫西林/);
    await app.close();
  });

  it('answers the request when the audit row cannot be written, and logs the failure', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (l: string) => lines.push(l) } } });
    installErrorHandling(app);
    installCookies(app, { secure: false });
    installAuth(app, (token) => findSession(t.ctx.database.db, token, t.clock.now));
    await registerAdmin(app, t.ctx, [
      (admin) =>
        admin.post('/odd', { config: { access: 'goods.edit' } }, async (req) => {
          // A BigInt cannot be stored as JSON: the insert fails.
          audit(req, { action: 'goods.odd', before: { n: 1n } });
          return ok('done');
        }),
    ]);
    const login = await operatorLogin('admin');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/odd',
      headers: { authorization: `Bearer ${login.res.body.data.token as string}` },
    });
    expect(res.json()).toMatchObject({ code: 10000, data: 'done' });
    expect((await auditOf('action=goods.odd')).total).toBe(0);
    expect(lines.join('')).toContain('operator audit row not written');
    await app.close();
  });

  it('filters by operator, entity, date and keyword, newest first', async () => {
    const ops = (await staff.admin.get('/api/admin/operators?page_size=100')).body.data.list as {
      id: number;
      username: string;
    }[];
    const wh = ops.find((o) => o.username === 'cangku')!.id;
    const byOp = await auditOf(`operator_id=${wh}`);
    expect(byOp.total).toBeGreaterThan(0);
    expect(byOp.list.every((r: { operator_id: number }) => r.operator_id === wh)).toBe(true);
    const ids = (await auditOf('limit=5')).list.map((r: { id: number }) => r.id);
    expect(ids).toHaveLength(5);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const today = new Date(t.clock.now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await auditOf(`from=${today}&to=${today}`)).total).toBe((await auditOf('')).total);
    expect((await auditOf('from=2001-01-01&to=2001-01-02')).total).toBe(0);
    expect((await auditOf('entity=operator&keyword=王五五')).list[0]).toMatchObject({
      action: 'operator.update',
    });
    expect((await staff.admin.get('/api/admin/audit?from=2026-13-01')).status).toBe(422);
  });
});

describe('the dashboard', () => {
  const board = async (c = staff.admin) => (await c.get('/api/admin/dashboard')).body.data;

  it('counts lots and stock from the catalogue, each figure with its list', async () => {
    const d = await board(staff.warehouse);
    expect(d.expired_lots).toEqual({ value: 1, units: 500, path: 'lots?expiry=expired' });
    expect(d.low_stock_goods).toMatchObject({ value: 0, path: 'goods?stock=low' });
    expect(d.pending_members.path).toBe('members?status=pending');
    expect(d.orders_to_ship.path).toBe('orders?status=1');
    expect(d.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('moves when an order is placed and paid, a transfer waits, and a member registers', async () => {
    const d0 = await board();
    const addressId = (await demo.get('/api/user/address')).body.data[0].id;
    const place = async (goodsId: number, number: number, method: 'balance' | 'offline') => {
      await demo.post('/api/cart', { params: [{ goods_id: goodsId, number }] });
      const placed = await demo.post('/api/order', {
        address_id: addressId,
        coupon_id: 0,
        voucher_id: 0,
        idempotency_key: crypto.randomUUID(),
      });
      expect(placed.body).toMatchObject({ code: 10000 });
      const o = placed.body.data;
      expect(
        (await demo.post(`/api/order/${o.order_id}/pay`, { method, pay_password: DEMO_PAY_PASSWORD })).body
          .code,
      ).toBe(10000);
      return o as { payable: string };
    };
    const paid = await place(f.scarce, 45, 'balance');
    await place(f.ibuprofen, 1, 'offline');
    await registerPharmacy(client(), t.ctx.database.db, t.clock.now, {
      username: 'newclinic',
      mobile: '13711112222',
      company: '杭州新开诊所',
    });
    const d1 = await board();
    expect(d1.today_orders.value).toBe(d0.today_orders.value + 2);
    expect(Number(d1.today_sales.value)).toBeCloseTo(Number(d0.today_sales.value) + Number(paid.payable), 2);
    expect(d1.orders_to_ship.value).toBe(d0.orders_to_ship.value + 1);
    expect(d1.transfers_to_confirm.value).toBe(d0.transfers_to_confirm.value + 1);
    expect(d1.pending_members.value).toBe(d0.pending_members.value + 1);
    // 50 in stock, 45 sold: 5 left, under the low-stock line of 10.
    expect(d1.low_stock_goods.value).toBe(d0.low_stock_goods.value + 1);
  });
});
