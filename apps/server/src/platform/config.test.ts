import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviders, developmentServices } from '../providers/index.js';
import { silentLog } from './log.js';
import { Client, createTestAppOn, openTestDatabase, type TestApp } from '../test/helper.js';
import type { Database } from './db.js';
import { ConfigError, loadConfig } from './config.js';

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
    expect(developmentServices(p)).toEqual(['短信', '微信', '支付', '物流']);
    expect(p.payment.name).toBe('simulator');
    // Where providers are chosen, a development one is refused again if config did not allow it.
    const refused = { ...loadConfig({}), devProviders: false };
    expect(() => createProviders(refused, { smsOutbox: () => Promise.resolve(), log: silentLog })).toThrow(
      /DEV_PROVIDERS/,
    );
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

  it('is true only in production on development providers', async () => {
    const flag = async (t: TestApp) => (await new Client(t.app).get('/api/common')).body.data.dev_providers;
    expect(await flag(demo)).toBe(true);
    expect(await flag(dev)).toBe(false);
  });
});
