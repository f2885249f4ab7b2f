import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../test/helper.js';

// Hostile values a client can send to public calls: each gets a clear 4xx, never a 5xx.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('ids past the int4 range', () => {
  it.each(['2147483648', '9223372036854775808', '99999999999999999999'])(
    'goods detail %s → 422',
    async (id) => {
      const r = await t.app.inject({ method: 'GET', url: `/api/goods/detail/${id}` });
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ code: 422, msg: expect.stringMatching(/^ID/) });
    },
  );

  it('the largest int4 id is a valid id that names no goods', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/goods/detail/2147483647' });
    expect(r.statusCode).toBeLessThan(500);
    expect(r.statusCode).not.toBe(422);
  });
});

describe('NUL characters in text', () => {
  it.each([
    ['a query value', '/api/goods/search?keyword=%E6%84%9F%00%E5%86%92'],
    ['a query key', '/api/goods/search?key%00word=x'],
    ['a nested query value', '/api/goods/list?filter%5Bname%5D=a%00'],
  ])('%s → 422 before any route runs', async (_label, url) => {
    const r = await t.app.inject({ method: 'GET', url });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ code: 422, msg: '内容含有不允许的字符' });
  });

  it.each([
    ['username', { username: 'demo\u0000', password: 'demo123456' }],
    ['password', { username: 'demo', password: 'demo\u0000123456' }],
  ])('a form body with a NUL in the %s → 422', async (field, body) => {
    const c = new Client(t.app);
    await c.get('/api/health');
    const r = await c.post('/api/login', body);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      code: 422,
      msg: '内容含有不允许的字符',
      data: { errors: { [field]: '内容含有不允许的字符' } },
    });
  });
});

describe('body size', () => {
  it('a form body past 1 MB → 413 with the envelope, before any route runs', async () => {
    const c = new Client(t.app);
    await c.get('/api/health');
    const r = await c.post('/api/login', { username: 'demo', password: 'x'.repeat(1024 * 1024 + 10) });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ code: 413, msg: '提交的内容过大', data: null });
  });
});
