import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.js';
import { installSecurityHeaders } from './headers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('security headers on every reply', () => {
  it.each(['/api/health', '/api/common', '/api/no-such-call'])('%s', async (url) => {
    const r = await t.app.inject({ method: 'GET', url });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Outside production the site runs on plain HTTP: no HSTS, no upgrade of requests.
    expect(r.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('in production', () => {
  it('adds HSTS and upgrades insecure requests', async () => {
    const app = Fastify();
    await installSecurityHeaders(app, { production: true });
    app.get('/x', async () => 'x');
    const r = await app.inject({ method: 'GET', url: '/x' });
    expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(r.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    await app.close();
  });
});
