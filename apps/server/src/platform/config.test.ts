import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviders, developmentServices } from '../providers/index.js';
import { silentLog } from './log.js';
import { Client, createTestAppOn, openTestDatabase, type TestApp } from '../test/helper.js';
import type { Database } from './db.js';
import { ConfigError, loadConfig, shown } from './config.js';

const SECRET = { PAYMENT_SECRET: 'a-production-secret-key' };

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  return expect.unreachable('the configuration was accepted');
}

describe('development providers in the configuration', () => {
  it('are used outside production by default', () => {
    expect(loadConfig({}).devProviders).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).devProviders).toBe(true);
    expect(loadConfig({ DEV_PROVIDERS: 'on' }).devProviders).toBe(true);
  });

  it('are refused in production unless DEV_PROVIDERS=on, naming the variable', () => {
    const problems = problemsOf({ NODE_ENV: 'production', ...SECRET });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DEV_PROVIDERS: .*development providers.*DEV_PROVIDERS=on/);
    expect(problemsOf({ NODE_ENV: 'production', DEV_PROVIDERS: 'off', ...SECRET })[0]).toMatch(
      /^DEV_PROVIDERS: is off/,
    );
  });

  it('are accepted in production with DEV_PROVIDERS=on (a demo)', () => {
    const c = loadConfig({ NODE_ENV: 'production', DEV_PROVIDERS: 'on', ...SECRET });
    expect(c).toMatchObject({ env: 'production', devProviders: true, secureCookies: true });
  });

  it('lists every production problem at once', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PAYMENT_SECRET', 'DEV_PROVIDERS']);
  });

  it('refuses DEV_PROVIDERS=off anywhere while no real provider exists, and a bad value', () => {
    expect(problemsOf({ DEV_PROVIDERS: 'off' })[0]).toMatch(/^DEV_PROVIDERS: is off, but SMS/);
    expect(problemsOf({ DEV_PROVIDERS: 'yes' })[0]).toMatch(/^DEV_PROVIDERS/);
  });

  it('builds a development provider for every service, labelled for logs and the UI', () => {
    const p = createProviders(loadConfig({}), { smsOutbox: () => Promise.resolve(), log: silentLog });
    expect([p.sms, p.wechat, p.payment, p.logistics].every((x) => x.development)).toBe(true);
    expect(developmentServices(p)).toEqual(['短信', '微信', '支付', '物流', '电子发票']);
    expect(p.payment.name).toBe('simulator');
    // Where providers are chosen, a development one is refused again if config did not allow it.
    const refused = { ...loadConfig({}), devProviders: false };
    expect(() => createProviders(refused, { smsOutbox: () => Promise.resolve(), log: silentLog })).toThrow(
      /DEV_PROVIDERS/,
    );
  });
});

describe('demo data (SEED)', () => {
  const PROD = { NODE_ENV: 'production', DEV_PROVIDERS: 'on', ...SECRET };
  it('is seeded by default outside production only', () => {
    expect(loadConfig({}).seed).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seed).toBe(true);
    expect(loadConfig(PROD).seed).toBe(false);
    expect(loadConfig({ SEED: 'off' }).seed).toBe(false);
  });

  it('is seeded in production only with SEED=on set explicitly', () => {
    expect(loadConfig({ ...PROD, SEED: 'on' }).seed).toBe(true);
    expect(loadConfig({ ...PROD, SEED: '' }).seed).toBe(false);
  });
});

describe('secrets in configuration problems', () => {
  it('shows a bad URL without its password, and never a payment secret', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://kc:s3cret-pw@db.internal:3306/kc',
      REDIS_URL: 'http://:redis-pw@cache:6379',
      PAYMENT_SECRET: 'short-secret',
    }).join('\n');
    expect(problems).toContain(
      'DATABASE_URL: must be a postgres:// or postgresql:// URL (got "mysql://kc:***@db.internal:3306/kc")',
    );
    expect(problems).toContain('REDIS_URL: must be a redis:// URL (got "http://:***@cache:6379")');
    expect(problems).toContain(
      'PAYMENT_SECRET: must be at least 16 characters (got a value of 12 characters, not shown)',
    );
    for (const secret of ['s3cret-pw', 'redis-pw', 'short-secret']) expect(problems).not.toContain(secret);
  });

  it('hides a password that holds an @ and one without a scheme', () => {
    expect(shown('DATABASE_URL', 'postgres://u:p@ss@h/db')).toBe('"postgres://u:***@h/db"');
    expect(shown('DATABASE_URL', 'u:pw@h/db')).toBe('"u:***@h/db"');
    expect(shown('PORT', 'eighty')).toBe('"eighty"');
  });
});

describe('the development SMS provider', () => {
  const logged = async (env: NodeJS.ProcessEnv) => {
    const lines: object[] = [];
    const log = { info: (obj: object) => void lines.push(obj), warn: () => undefined };
    const p = createProviders(loadConfig(env), { smsOutbox: () => Promise.resolve(), log });
    await p.sms.send({} as Database['db'], '13700000009', '您的验证码是 246810');
    return JSON.stringify(lines);
  };

  it('logs the code in development and tests only, never in a production demo', async () => {
    expect(await logged({})).toContain('246810');
    expect(await logged({ NODE_ENV: 'test' })).toContain('246810');
    const production = await logged({ NODE_ENV: 'production', DEV_PROVIDERS: 'on', ...SECRET });
    expect(production).toContain('13700000009');
    expect(production).not.toContain('246810');
  });
});

describe('the storefront flag (GET /api/common dev_providers)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let demo: TestApp;
  let dev: TestApp;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    demo = await createTestAppOn(database, { NODE_ENV: 'production', DEV_PROVIDERS: 'on', ...SECRET });
    dev = await createTestAppOn(database);
  });
  afterAll(async () => {
    await demo.close();
    await dev.close();
    await drop();
  });

  it('leaves the SMS outbox page out of production, also on development providers', async () => {
    expect((await new Client(demo.app).get('/api/dev/sms')).status).toBe(404);
    expect((await new Client(dev.app).get('/api/dev/sms')).status).toBe(200);
  });

  it('is true only in production on development providers', async () => {
    const flag = async (t: TestApp) => (await new Client(t.app).get('/api/common')).body.data.dev_providers;
    expect(await flag(demo)).toBe(true);
    expect(await flag(dev)).toBe(false);
  });
});
