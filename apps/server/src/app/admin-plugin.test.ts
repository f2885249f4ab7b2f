import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, type OperatorRole } from '@kc/domain';
import { registeredRoutes } from '../app.js';
import { findSession } from '../modules/account/sessions.js';
import { installAuth } from '../platform/auth.js';
import { installCookies } from '../platform/cookies.js';
import { installErrorHandling, ok } from '../platform/http.js';
import { seedAccounts } from '../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../test/helper.js';
import { registerAdmin } from './admin-plugin.js';

const ALL: OperatorRole[] = ['admin', 'service', 'warehouse', 'finance'];
const MEMBER_READERS: OperatorRole[] = ['admin', 'service', 'finance'];
const SERVICE: OperatorRole[] = ['admin', 'service'];
const WAREHOUSE: OperatorRole[] = ['admin', 'warehouse'];
const FINANCE: OperatorRole[] = ['admin', 'finance'];
const REPORT_READERS: OperatorRole[] = ['admin', 'warehouse', 'finance'];

// Every back-office call and the roles that may make it, written out by hand.
const ROUTES: [string, OperatorRole[]][] = [
  ['GET /api/admin/members', MEMBER_READERS],
  ['GET /api/admin/members/:id', MEMBER_READERS],
  ['GET /api/admin/service_staff', MEMBER_READERS],
  ['GET /api/admin/documents/:id/file', MEMBER_READERS],
  ['POST /api/admin/members/:id/approve', SERVICE],
  ['POST /api/admin/members/:id/reject', SERVICE],
  ['POST /api/admin/members/:id/scope', SERVICE],
  ['POST /api/admin/members/:id/rank', SERVICE],
  ['POST /api/admin/members/:id/service_staff', SERVICE],
  ['POST /api/admin/documents/:id/approve', SERVICE],
  ['POST /api/admin/documents/:id/reject', SERVICE],
  ['POST /api/admin/kx_releases', ['admin']],
  ['POST /api/admin/members/:id/recharge', FINANCE],
  ['GET /api/admin/orders', ALL],
  ['GET /api/admin/orders/:id', ALL],
  ['POST /api/admin/orders/:id/ship', WAREHOUSE],
  ['POST /api/admin/orders/:id/confirm_payment', FINANCE],
  ['GET /api/admin/returns', ALL],
  ['GET /api/admin/returns/:id', ALL],
  ['GET /api/admin/returns/:id/photo/:n', ALL],
  ['POST /api/admin/returns/:id/approve', SERVICE],
  ['POST /api/admin/returns/:id/reject', SERVICE],
  ['POST /api/admin/returns/:id/receive', WAREHOUSE],
  ['POST /api/admin/returns/:id/refund', FINANCE],
  ['GET /api/admin/operators', ['admin']],
  ['GET /api/admin/operators/:id', ['admin']],
  ['POST /api/admin/operators', ['admin']],
  ['POST /api/admin/operators/:id', ['admin']],
  ['POST /api/admin/operators/:id/disable', ['admin']],
  ['POST /api/admin/operators/:id/enable', ['admin']],
  ['POST /api/admin/operators/:id/password', ['admin']],
  ['GET /api/admin/audit', ['admin']],
  ['GET /api/admin/dashboard', ALL],
  ['GET /api/admin/me', ALL],
  ['POST /api/admin/password', ALL],
  ['GET /api/admin/licences/expiring', MEMBER_READERS],
  ['POST /api/admin/members/:id/licences', SERVICE],
  ['POST /api/admin/documents/:id', SERVICE],
  ['POST /api/admin/members/:id/disable', SERVICE],
  ['POST /api/admin/members/:id/enable', SERVICE],
  ['GET /api/admin/orders/:id/allocation', ALL],
  ['POST /api/admin/orders/:id/allocate', WAREHOUSE],
  ['GET /api/admin/orders/:id/pick_list', ALL],
  ['GET /api/admin/orders/:id/delivery_note', ALL],
  ['GET /api/admin/pick_list', ALL],
  ['POST /api/admin/orders/:id/cancel', SERVICE],
  ['GET /api/admin/reports/sales', REPORT_READERS],
  ['GET /api/admin/reports/hm', REPORT_READERS],
  ['GET /api/admin/reports/hm/:id/receipt', REPORT_READERS],
  ['GET /api/admin/reports/purchases', REPORT_READERS],
  ['GET /api/admin/reports/stock_ledger', REPORT_READERS],
  ['POST /api/admin/goods/import', ['admin']],
  ['POST /api/admin/lots/import', ['admin']],
  ['POST /api/admin/prices/import', ['admin']],
  ['GET /api/admin/imports/:job', ['admin']],
  ['GET /api/admin/import_templates/:kind', ['admin']],
  ['GET /api/admin/goods/export', ['admin']],
  ['GET /api/admin/lots/export', ['admin']],
  ['GET /api/admin/goods', ALL],
  ['GET /api/admin/goods/:id', ALL],
  ['GET /api/admin/categories', ALL],
  ['GET /api/admin/brands', ALL],
  ['GET /api/admin/warehouses', ALL],
  ['GET /api/admin/zones', ALL],
  ['GET /api/admin/kx_releases', ALL],
  ['GET /api/admin/lots', ALL],
  ['GET /api/admin/stock_ledger', ALL],
  ['POST /api/admin/goods', ['admin']],
  ['POST /api/admin/goods/bulk', ['admin']],
  ['POST /api/admin/goods/images', ['admin']],
  ['POST /api/admin/members/:id/balance_adjust', FINANCE],
  ['POST /api/admin/members/:id/points_adjust', FINANCE],
  ['GET /api/admin/wallet/members', MEMBER_READERS],
  ['GET /api/admin/members/:id/money_log', MEMBER_READERS],
  ['GET /api/admin/members/:id/points_log', MEMBER_READERS],
  ['GET /api/admin/points/goods', MEMBER_READERS],
  ['GET /api/admin/points/goods/:id', MEMBER_READERS],
  ['POST /api/admin/points/goods', ['admin']],
  ['POST /api/admin/points/goods/:id', ['admin']],
  ['GET /api/admin/points/orders', ALL],
  ['POST /api/admin/points/orders/:id/ship', WAREHOUSE],
  ['POST /api/admin/points/orders/:id/cancel', ['admin']],
  ['GET /api/admin/draws', MEMBER_READERS],
  ['GET /api/admin/draws/coupon_options', MEMBER_READERS],
  ['GET /api/admin/draws/:id', MEMBER_READERS],
  ['GET /api/admin/draws/:id/records', MEMBER_READERS],
  ['POST /api/admin/draws', ['admin']],
  ['POST /api/admin/draws/:id', ['admin']],
  ['POST /api/admin/draws/:id/delete', ['admin']],
  ['POST /api/admin/draws/:id/prizes', ['admin']],
  ['POST /api/admin/draw_prizes/:id', ['admin']],
  ['POST /api/admin/draw_prizes/:id/delete', ['admin']],
  ['POST /api/admin/draw_records/:id/ship', ['admin']],
  ['GET /api/admin/coupons', MEMBER_READERS],
  ['GET /api/admin/coupons/:id', MEMBER_READERS],
  ['GET /api/admin/coupons/:id/usage', MEMBER_READERS],
  ['POST /api/admin/coupons', ['admin']],
  ['POST /api/admin/coupons/:id', ['admin']],
  ['POST /api/admin/coupons/:id/publish', ['admin']],
  ['POST /api/admin/coupons/:id/unpublish', ['admin']],
  ['POST /api/admin/coupons/:id/issue', ['admin']],
  ['GET /api/admin/activities', MEMBER_READERS],
  ['GET /api/admin/activities/:id', MEMBER_READERS],
  ['GET /api/admin/activities/:id/report', MEMBER_READERS],
  ['POST /api/admin/activities', ['admin']],
  ['PUT /api/admin/activities/:id', ['admin']],
  ['PUT /api/admin/activities/:id/enabled', ['admin']],
  ['GET /api/admin/combinations', MEMBER_READERS],
  ['POST /api/admin/combinations', ['admin']],
  ['PUT /api/admin/combinations/:id', ['admin']],
  ['PUT /api/admin/combinations/:id/on_sale', ['admin']],
  ['POST /api/admin/goods/:id', ['admin']],
  ['POST /api/admin/categories', ['admin']],
  ['POST /api/admin/categories/:id', ['admin']],
  ['POST /api/admin/brands', ['admin']],
  ['POST /api/admin/brands/:id', ['admin']],
  ['POST /api/admin/warehouses', ['admin']],
  ['POST /api/admin/warehouses/:id', ['admin']],
  ['DELETE /api/admin/kx_releases/:id', ['admin']],
  ['POST /api/admin/lots', WAREHOUSE],
  ['POST /api/admin/lots/:id/adjust', WAREHOUSE],
  ['GET /api/admin/articles', SERVICE],
  ['GET /api/admin/articles/:id', SERVICE],
  ['POST /api/admin/articles', SERVICE],
  ['PUT /api/admin/articles/:id', SERVICE],
  ['PUT /api/admin/articles/:id/published', SERVICE],
  ['POST /api/admin/articles/images', SERVICE],
  ['GET /api/admin/article_categories', SERVICE],
  ['POST /api/admin/article_categories', SERVICE],
  ['PUT /api/admin/article_categories/:id', SERVICE],
  ['GET /api/admin/buy_requests', SERVICE],
  ['POST /api/admin/buy_requests/:id/answer', SERVICE],
  ['GET /api/admin/feedback', SERVICE],
  ['GET /api/admin/feedback/:id/image/:n', SERVICE],
  ['POST /api/admin/feedback/:id/reply', SERVICE],
  ['GET /api/admin/join_applications', SERVICE],
  ['POST /api/admin/join_applications/:id/review', SERVICE],
  ['GET /api/admin/invoices', MEMBER_READERS],
  ['GET /api/admin/invoices/:id/pdf', MEMBER_READERS],
  ['POST /api/admin/invoices/issue', FINANCE],
  ['GET /api/admin/qi_reports', ALL],
  ['GET /api/admin/qi_reports/:id/file', ALL],
  ['POST /api/admin/goods/:id/qi_reports', WAREHOUSE],
  ['DELETE /api/admin/qi_reports/:id', WAREHOUSE],
  ['GET /api/admin/chat/conversations', SERVICE],
  ['GET /api/admin/chat/unread', SERVICE],
  ['GET /api/admin/chat/conversations/:id', SERVICE],
  ['GET /api/admin/chat/conversations/:id/messages', SERVICE],
  ['GET /api/admin/chat/conversations/:id/orders', SERVICE],
  ['POST /api/admin/chat/conversations/:id/messages', SERVICE],
  ['POST /api/admin/chat/conversations/:id/images', SERVICE],
  ['POST /api/admin/chat/conversations/:id/read', SERVICE],
  ['GET /api/admin/chat/images/:id', SERVICE],
  ['GET /api/admin/chat/ws', SERVICE],
];
const USERNAME: Record<OperatorRole, string> = {
  admin: 'admin',
  service: 'kefu',
  warehouse: 'cangku',
  finance: 'caiwu',
};

let t: TestApp;
const staff = {} as Record<OperatorRole, Client>;
let member: Client;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db, t.clock.now);
  for (const [i, role] of OPERATOR_ROLES.entries()) {
    staff[role] = new Client(t.app, `10.12.0.${i + 1}`);
    await staff[role].get('/api/health');
    const res = await staff[role].post('/api/admin/login', {
      username: USERNAME[role],
      password: 'admin123456',
    });
    expect(res.body.code).toBe(10000);
  }
  member = new Client(t.app, '10.12.1.1');
  await member.login('demo', 'demo123456');
});
afterAll(() => t.close());

/** Calls a route of the table on ids that do not exist: an allowed call answers 404 or 422, never a write. */
function call(c: Client, route: string) {
  const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT', string];
  const url = path.replace(':id', '999999').replace(':n', '1');
  return c.request(method, url, method === 'POST' || method === 'PUT' ? {} : undefined);
}

describe('the /api/admin access table', () => {
  it('names every back-office call but the login and the logout', () => {
    const admin = registeredRoutes(t.app).filter((r) => r.includes(' /api/admin/'));
    const open = ['POST /api/admin/login', 'POST /api/admin/logout'];
    expect(admin.filter((r) => !open.includes(r)).sort()).toEqual(ROUTES.map(([r]) => r).sort());
  });

  it.each(
    ROUTES.flatMap(([route, holders]) => ALL.map((role) => [route, role, holders.includes(role)] as const)),
  )('%s as %s: allowed %s', async (route, role, allowed) => {
    const res = await call(staff[role], route);
    if (allowed) expect(res.status).not.toBe(403);
    else
      expect(res).toMatchObject({ status: 403, body: { code: 403, msg: '没有权限进行此操作', data: null } });
  });

  it.each(ROUTES.map(([route]) => route))('%s: 401 without a session, 403 for a member', async (route) => {
    expect((await call(new Client(t.app, '10.12.2.1'), route)).body.code).toBe(10001);
    expect((await call(new Client(t.app, '10.12.2.1'), route)).status).toBe(401);
    expect(await call(member, route)).toMatchObject({ status: 403, body: { msg: '需要运营人员权限' } });
  });
});

describe('the admin plugin', () => {
  it('refuses a route that declares no access, even to 管理员', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    installCookies(app, { secure: false });
    installAuth(app, (token) => findSession(t.ctx.database.db, token, t.clock.now));
    await registerAdmin(app, t.ctx, [
      (admin) => {
        admin.get('/stray', async () => ok('leaked'));
        admin.get('/declared', { config: { access: 'order.ship' } }, async () => ok('shipped'));
      },
    ]);
    const bearer = async (role: OperatorRole) => {
      const login = await new Client(t.app, '10.12.3.1').post('/api/admin/login', {
        username: USERNAME[role],
        password: 'admin123456',
      });
      return { authorization: `Bearer ${login.body.data.token as string}` };
    };
    const admin = await bearer('admin');
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers });
    expect((await get('/api/admin/stray')).statusCode).toBe(401);
    expect((await get('/api/admin/stray', admin)).json()).toMatchObject({ code: 403, data: null });
    expect((await get('/api/admin/declared', admin)).json()).toMatchObject({ code: 10000, data: 'shipped' });
    expect((await get('/api/admin/declared', await bearer('finance'))).statusCode).toBe(403);
    await app.close();
  });

  it('reads the role on every call, and the table holds only the four roles', async () => {
    const db = t.ctx.database.db;
    const url = '/api/admin/members/999999/recharge';
    expect((await staff.service.post(url, { amount: '1' })).status).toBe(403);
    await db.execute(sql`update operators set role = 'finance' where username = 'kefu'`);
    expect((await staff.service.post(url, { amount: '1' })).status).toBe(404);
    await db.execute(sql`update operators set role = 'service' where username = 'kefu'`);
    await expect(
      db.execute(sql`update operators set role = 'operator' where username = 'kefu'`),
    ).rejects.toThrow();
  });
});
