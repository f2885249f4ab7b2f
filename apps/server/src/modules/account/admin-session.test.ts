import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf } from '@kc/domain';
import type { CachedSession, SessionCache } from '../../platform/session-cache.js';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { operators } from './schema.js';

let t: TestApp;
let ip = 0;
const client = () => new Client(t.app, `10.31.0.${++ip}`);

async function operator(username: string, password = 'admin123456') {
  const c = client();
  const res = await c.post('/api/admin/login', { username, password });
  expect(res.body).toMatchObject({ code: 10000, msg: '登录成功' });
  return c;
}

/** A cache that behaves like the Redis one (copies kept, puts never overwrite, drops stick). */
function memoryCache(): SessionCache {
  const kept = new Map<string, CachedSession | 'ended'>();
  return {
    kind: 'none',
    get: async (id) => {
      const s = kept.get(id);
      return s && s !== 'ended' ? s : null;
    },
    put: async (id, s) => void (kept.has(id) || kept.set(id, s)),
    drop: async (ids) => void ids.forEach((id) => kept.set(id, 'ended')),
    close: async () => undefined,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db, t.clock.now);
});
afterAll(() => t.close());

describe('operator login', () => {
  it('sets kc_admin (HttpOnly, SameSite=Lax, path /api/admin), never the member cookie', async () => {
    const c = client();
    const res = await c.post('/api/admin/login', { username: 'admin', password: 'admin123456' });
    const cookie = res.res.cookies.find((k) => k.name === 'kc_admin');
    expect(cookie).toMatchObject({ path: '/api/admin', httpOnly: true, sameSite: 'Lax' });
    expect(res.res.cookies.some((k) => k.name === 'kc_session')).toBe(false);
    const [row] = await t.ctx.database.db
      .select({ at: operators.lastLoginAt })
      .from(operators)
      .where(eq(operators.username, 'admin'));
    expect(row!.at).toEqual(t.clock.now);
  });

  it('needs the XSRF token like every write', async () => {
    const c = client();
    await c.get('/api/health');
    const res = await c.request(
      'POST',
      '/api/admin/login',
      { username: 'admin', password: 'admin123456' },
      { 'x-xsrf-token': 'forged' },
    );
    expect(res).toMatchObject({ status: 403, body: { code: 403 } });
  });

  it('keeps a member session of the same browser: both live, each on its own calls', async () => {
    const c = client();
    expect((await c.login('demo', 'demo123456')).body.code).toBe(10000);
    await c.post('/api/admin/login', { username: 'kefu', password: 'admin123456' });
    expect(c.cookies.has('kc_session') && c.cookies.has('kc_admin')).toBe(true);
    expect((await c.get('/api/user/base')).body.data).toMatchObject({ username: 'demo' });
    expect((await c.get('/api/admin/me')).body.data).toMatchObject({ username: 'kefu' });
    // Signing out of the back office leaves the shop signed in, and the other way round.
    expect((await c.post('/api/admin/logout')).body.code).toBe(10000);
    expect(c.cookies.has('kc_admin')).toBe(false);
    expect((await c.get('/api/user/base')).body.data).toMatchObject({ username: 'demo' });
    await c.post('/api/admin/login', { username: 'kefu', password: 'admin123456' });
    expect((await c.delete('/api/logout')).status).toBe(200);
    expect((await c.get('/api/admin/me')).body.data).toMatchObject({ username: 'kefu' });
  });

  it('refuses a disabled operator with a clear message, after the password only', async () => {
    const db = t.ctx.database.db;
    const c = await operator('caiwu');
    await db.update(operators).set({ disabled: true }).where(eq(operators.username, 'caiwu'));
    try {
      const wrong = await client().post('/api/admin/login', { username: 'caiwu', password: 'nope-nope' });
      expect(wrong.body.msg).toBe('用户名或密码错误');
      const right = await client().post('/api/admin/login', { username: 'caiwu', password: 'admin123456' });
      expect(right).toMatchObject({ status: 403, body: { code: 403, msg: '该账号已停用，请联系管理员' } });
      expect(right.res.cookies.some((k) => k.name === 'kc_admin')).toBe(false);
      // The session it had is dead too.
      expect((await c.get('/api/admin/me')).status).toBe(401);
      expect((await c.get('/api/admin/members')).status).toBe(401);
    } finally {
      await db.update(operators).set({ disabled: false }).where(eq(operators.username, 'caiwu'));
    }
  });

  it('ends sessions issued before sessions_valid_after', async () => {
    const c = await operator('cangku');
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    await t.ctx.database.db.execute(
      sql`update operators set sessions_valid_after = ${t.clock.now} where username = 'cangku'`,
    );
    expect((await c.get('/api/admin/me')).status).toBe(401);
    const again = await operator('cangku');
    expect((await again.get('/api/admin/me')).body.data).toMatchObject({ username: 'cangku' });
  });
});

describe('GET /api/admin/me', () => {
  it.each([
    ['admin', 'admin', '管理员'],
    ['kefu', 'service', '客服'],
    ['cangku', 'warehouse', '仓库'],
    ['caiwu', 'finance', '财务'],
  ] as const)('%s: the role and every permission it holds', async (username, role, label) => {
    const res = await (await operator(username)).get('/api/admin/me');
    expect(res.body).toMatchObject({
      code: 10000,
      data: { username, role, role_label: label, permissions: permissionsOf(role) },
    });
    expect(res.body.data.name).toEqual(expect.any(String));
    expect(Object.keys(res.body.data).sort()).toEqual(
      ['id', 'name', 'permissions', 'role', 'role_label', 'username'].sort(),
    );
  });

  it('401 without a session, 403 for a member', async () => {
    expect((await client().get('/api/admin/me')).status).toBe(401);
    const m = client();
    await m.login('demo', 'demo123456');
    expect((await m.get('/api/admin/me')).status).toBe(403);
  });
});

describe('POST /api/admin/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const c = await operator('admin');
    const token = c.cookies.get('kc_admin')!;
    const res = await c.post('/api/admin/logout');
    expect(res.body).toMatchObject({ code: 10000, msg: '已退出登录' });
    expect((await c.get('/api/admin/me')).status).toBe(401);
    // The token itself is dead, not only forgotten by this browser.
    const stolen = client();
    stolen.headers = { authorization: `Bearer ${token}` };
    expect((await stolen.get('/api/admin/me')).status).toBe(401);
  });
});

describe('POST /api/admin/password', () => {
  it('validates like a member password and checks the old one', async () => {
    const c = await operator('kefu');
    const bad = await c.post('/api/admin/password', { old_password: 'admin123456', new_password: 'short1' });
    expect(bad).toMatchObject({ status: 422, body: { msg: '密码至少8位' } });
    const same = await c.post('/api/admin/password', {
      old_password: 'admin123456',
      new_password: 'admin123456',
    });
    expect(same.body.msg).toBe('新密码不能与原密码相同');
    const wrong = await c.post('/api/admin/password', {
      old_password: 'wrong-one1',
      new_password: 'newpass2026',
    });
    expect(wrong).toMatchObject({ status: 422, body: { msg: '原密码不正确' } });
    expect((await client().post('/api/admin/password', {})).status).toBe(401);
  });

  it('changes it, keeps this browser, ends the others (their cached copies too), and is audited', async () => {
    const real = t.ctx.sessionCache;
    (t.ctx as { sessionCache: SessionCache }).sessionCache = memoryCache();
    try {
      const here = await operator('kefu');
      const there = await operator('kefu');
      // Both sessions are now cached copies.
      expect((await there.get('/api/admin/me')).status).toBe(200);
      expect((await here.get('/api/admin/me')).status).toBe(200);
      const res = await here.post('/api/admin/password', {
        old_password: 'admin123456',
        new_password: 'Kefu2026new',
      });
      expect(res.body).toMatchObject({ code: 10000 });
      expect((await here.get('/api/admin/me')).status).toBe(200);
      expect((await there.get('/api/admin/me')).status).toBe(401);
      const old = await client().post('/api/admin/login', { username: 'kefu', password: 'admin123456' });
      expect(old.body.msg).toBe('用户名或密码错误');
      await operator('kefu', 'Kefu2026new');
      const stored = await t.ctx.database.db.execute(
        sql`select password_hash from operators where username = 'kefu'`,
      );
      expect(JSON.stringify(stored)).toContain('$argon2id$');
      // In the operator audit log, without the passwords.
      const logged = await t.ctx.database.db.execute(
        sql`select summary, before, after, request from operator_audit
            where action = 'operator.password' and operator_name = 'kefu' and status = 200`,
      );
      expect(JSON.stringify(logged)).toContain('修改了自己的登录密码');
      expect(JSON.stringify(logged)).not.toMatch(/admin123456|Kefu2026new/);
    } finally {
      (t.ctx as { sessionCache: SessionCache }).sessionCache = real;
    }
  });
});
