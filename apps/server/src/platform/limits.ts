import { sql } from 'drizzle-orm';
import { LOGIN_LIMIT, SMS_RULES } from '@kc/domain';
import { AppError } from './errors.js';
import { rowsOf, type Db } from './db.js';

/** At most `max` hits per key in a fixed window of `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface Hit {
  /** False once the window holds more than `max` hits, this one included. */
  allowed: boolean;
  remaining: number;
  /** How long until the window ends and the count starts again. */
  retryAfterMs: number;
}

/**
 * Abuse limits shared by every instance: counters in PostgreSQL (`rate_limits`), or in Redis
 * when REDIS_URL is set. A hit is counted atomically before the work it guards, so concurrent
 * requests cannot all slip under the limit. Built once on the context (`ctx.limits`).
 */
export interface Limits {
  hit(key: string, limit: Limit): Promise<Hit>;
  /** Takes one hit back (a login attempt that turned out to be right). */
  undo(key: string): Promise<void>;
  /** Forgets the key (a successful login clears its account's failures). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every limit's values, in one place (docs/security.md lists them). */
export const LIMITS = {
  /** Login attempts per account (member or operator), counted before the password is checked. */
  loginAccount: { max: LOGIN_LIMIT.maxFailures, windowMs: LOGIN_LIMIT.windowMs },
  /** Login attempts per client address, across all accounts. */
  loginAddress: { max: 50, windowMs: 15 * MINUTE },
  /** SMS codes per mobile: one a minute, ten a day (SMS_RULES of packages/domain). */
  smsResend: { max: 1, windowMs: SMS_RULES.resendMs },
  smsMobileDay: { max: SMS_RULES.perDay, windowMs: SMS_RULES.dayMs },
  /** SMS codes per client address, and for the whole site a day (against SMS pumping). */
  smsAddress: { max: 20, windowMs: HOUR },
  smsSiteDay: { max: 2000, windowMs: DAY },
  /** Registration and code requests per address: each answer tells whether a mobile or a name is taken. */
  probeAddress: { max: 30, windowMs: HOUR },
  /** Page views recorded per member (or address when logged out). */
  track: { max: 120, windowMs: MINUTE },
  /** Uploads per member. */
  upload: { max: 60, windowMs: HOUR },
  /** Franchise applications per client address (a visitor may send one: against spam). */
  joinApply: { max: 5, windowMs: HOUR },
  /** Chat messages per member or operator (a stuck key or a script, not a person typing). */
  chatSend: { max: 30, windowMs: MINUTE },
} as const satisfies Record<string, Limit>;

/** Counts a hit and throws 429 with `message` when the limit is passed. */
export async function enforce(limits: Limits, key: string, limit: Limit, message: string): Promise<void> {
  const h = await limits.hit(key, limit);
  if (!h.allowed) {
    throw new AppError('tooMany', message, undefined, { retry_after: Math.ceil(h.retryAfterMs / 1000) });
  }
}

export const hitOf = (hits: number, resetMs: number, limit: Limit, now: number): Hit => ({
  allowed: hits <= limit.max,
  remaining: Math.max(0, limit.max - hits),
  retryAfterMs: Math.max(0, resetMs - now),
});

/**
 * Counters in the `rate_limits` table: one `insert … on conflict do update … returning`
 * per hit, so the count and the check are one atomic step on any number of instances.
 */
export function createDbLimits(db: Db, now: () => Date): Limits {
  return {
    async hit(key, limit) {
      const t = now();
      const at = t.toISOString();
      const reset = new Date(t.getTime() + limit.windowMs).toISOString();
      const [row] = rowsOf<{ hits: number; reset_ms: number }>(
        await db.execute(sql`
          insert into rate_limits as r (key, hits, reset_at) values (${key}, 1, ${reset}::timestamptz)
          on conflict (key) do update set
            hits = case when r.reset_at <= ${at}::timestamptz then 1 else r.hits + 1 end,
            reset_at = case when r.reset_at <= ${at}::timestamptz then excluded.reset_at else r.reset_at end
          returning r.hits, (extract(epoch from r.reset_at) * 1000)::float8 as reset_ms`),
      );
      return hitOf(Number(row!.hits), Number(row!.reset_ms), limit, t.getTime());
    },
    async undo(key) {
      await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
    },
    async clear(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    close: () => Promise.resolve(),
  };
}

/**
 * Drops the counters whose window has ended (the maintenance job of every instance), in
 * batches of `batch` claimed with `skip locked`: a row another sweep (or a hit) holds is passed
 * over rather than waited for. It stops at the first short batch.
 */
export async function sweepLimits(db: Db, now: Date, batch = 1000): Promise<{ swept: number }> {
  let swept = 0;
  for (;;) {
    const gone = rowsOf<{ key: string }>(
      await db.execute(sql`
        delete from rate_limits where key in (
          select key from rate_limits where reset_at <= ${now.toISOString()}::timestamptz
          limit ${batch} for update skip locked)
        returning key`),
    ).length;
    swept += gone;
    if (gone < batch) return { swept };
  }
}
