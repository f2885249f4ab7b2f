import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../test/helper.js';
import { registerPharmacy } from '../test/account-fixtures.js';

// The readable marker beside the member's session cookie: the storefront asks for the
// profile only when it is there, so a visitor's pages make no call that fails with 401.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MARKER = 'kc_signed_in';

describe('the signed-in marker follows the member session', () => {
  it('is absent for a visitor, set at sign-in, dropped at logout', async () => {
    const c = new Client(t.app);
    await c.get('/api/common');
    expect(c.cookies.has(MARKER)).toBe(false);

    await registerPharmacy(c, t.ctx.database.db, t.clock.now, {
      username: 'marker01',
      mobile: '13700001111',
      company: '杭州标记大药房有限公司',
    });
    expect(c.cookies.get(MARKER)).toBe('1');

    const out = await c.delete('/api/user/logout');
    expect(out.body.code).toBe(10000);
    expect(c.cookies.has(MARKER)).toBe(false);

    const login = await c.login('marker01', 'Passw0rd123');
    expect(login.body.code).toBe(10000);
    const set = login.res.cookies.find((k) => k.name === MARKER);
    expect(set).toMatchObject({ value: '1', path: '/' });
    // Readable by the page (it says only that a session exists); the session itself is not.
    expect(set?.httpOnly).toBeFalsy();
    expect(login.res.cookies.find((k) => k.name === 'kc_session')?.httpOnly).toBe(true);
    expect(set?.maxAge).toBe(login.res.cookies.find((k) => k.name === 'kc_session')?.maxAge);
  });

  it('is given to a browser signed in before the marker existed, on its next call', async () => {
    const c = new Client(t.app);
    await c.login('marker01', 'Passw0rd123');
    c.cookies.delete(MARKER);
    await c.get('/api/common');
    expect(c.cookies.get(MARKER)).toBe('1');
  });

  it('is dropped by a 401 (the session ended elsewhere or expired)', async () => {
    const c = new Client(t.app);
    await c.get('/api/health');
    c.cookies.set('kc_session', 'no-such-session');
    c.cookies.set(MARKER, '1');
    const r = await c.get('/api/user/base');
    expect(r.status).toBe(401);
    expect(c.cookies.has(MARKER)).toBe(false);
  });
});
