import path from 'node:path';
import { z } from 'zod';
import { trustProxySchema, type TrustProxy } from './trust-proxy.js';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /** Connections the server opens to PostgreSQL at most (PGlite has one). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: 'must be a redis:// URL' })
    .optional(),
  /** Demo data and its known logins: on by default outside production, never by default in it. */
  SEED: z.enum(['on', 'off']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built storefront lives; the server serves it with deep-link fallback. */
  WEB_DIST: z.string().optional(),
  /** Signs and verifies payment-gateway notifications; required in production. */
  PAYMENT_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /**
   * Development providers (SMS outbox, instant WeChat, payment simulator, simulated parcel
   * scans): used by default outside production; production needs an explicit `on` (a demo).
   */
  DEV_PROVIDERS: z.enum(['on', 'off']).optional(),
  /** Proxies whose X-Forwarded-For is believed: a hop count or addresses/CIDRs; none by default. */
  TRUST_PROXY: trustProxySchema,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  seed: boolean;
  logLevel: string;
  webDist: string;
  /** Cookies carry Secure only in production (behind HTTPS). */
  secureCookies: boolean;
  /** HMAC key of payment notifications (a fixed development key outside production). */
  paymentSecret: string;
  /**
   * The development providers (SMS outbox, payment simulator, …) and their pages are in use:
   * always outside production, and in production only with DEV_PROVIDERS=on.
   */
  devProviders: boolean;
  /** Fastify's `trustProxy`: which X-Forwarded-For hops give the client's address (`req.ip`). */
  trustProxy: TrustProxy;
}

/** The services that have only a development provider so far (see providers/index.ts). */
const DEV_ONLY = 'SMS, WeChat, payment gateway, logistics tracking and e-invoicing';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Variables whose value is a secret as a whole: a problem names their length, never the value. */
const SECRET_VARIABLES = new Set(['PAYMENT_SECRET']);

/**
 * A bad value as the problem list shows it: the password of any `scheme://user:password@host`
 * (DATABASE_URL, REDIS_URL) is replaced by `***`, so start-up output never carries a secret.
 */
export function shown(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  if (SECRET_VARIABLES.has(name)) return `a value of ${value.length} characters, not shown`;
  // Up to the last '@': a password may itself hold one.
  return JSON.stringify(value.replace(/^((?:[a-z][a-z0-9+.-]*:)?\/\/)?([^/?#@:\s]*):\S*@/i, '$1$2:***@'));
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Parses the environment once; every other module receives the typed object. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) => `${i.path.join('.')}: ${i.message} (got ${shown(String(i.path[0]), env[String(i.path[0])])})`,
      ),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && !e.PAYMENT_SECRET)
    problems.push('PAYMENT_SECRET: required in production (the payment gateway signing key)');
  if (e.DEV_PROVIDERS === 'off')
    problems.push(`DEV_PROVIDERS: is off, but ${DEV_ONLY} have only development providers`);
  else if (production && e.DEV_PROVIDERS !== 'on')
    problems.push(
      `DEV_PROVIDERS: ${DEV_ONLY} would use development providers (nothing is really sent or charged); ` +
        'refused in production unless DEV_PROVIDERS=on is set explicitly (for a demo)',
    );
  if (problems.length) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    seed: e.SEED ? e.SEED === 'on' : !production,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    secureCookies: e.NODE_ENV === 'production',
    paymentSecret: e.PAYMENT_SECRET ?? 'development-payment-secret',
    devProviders: e.DEV_PROVIDERS === 'on' || (!production && e.DEV_PROVIDERS !== 'off'),
    trustProxy: e.TRUST_PROXY,
  };
}
