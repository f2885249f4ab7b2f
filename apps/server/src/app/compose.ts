import { createLocalBus, createRedisBus, type Bus } from '../platform/bus.js';
import type { Config } from '../platform/config.js';
import type { AppContext } from '../platform/context.js';
import type { Database } from '../platform/db.js';
import { createDbLimits, type Limits } from '../platform/limits.js';
import { createRedisLimits } from '../platform/limits-redis.js';
import {
  createRedisSessionCache,
  noSessionCache,
  SESSIONS_ENDED_TOPIC,
  type SessionCache,
} from '../platform/session-cache.js';
import { silentLog, type Log } from '../platform/log.js';
import { createProviders } from '../providers/index.js';
import { attachFileStore } from '../modules/account/file-store.js';
import { keepInSmsOutbox } from '../modules/account/sms/outbox.js';
import { watchPromotions } from '../modules/activity/service.js';

export interface ContextOptions {
  /** Where the providers and the bus report (the development SMS, a lost Redis). */
  log?: Log;
  /** Redis channel prefix of the bus; instances that should hear each other share it. */
  busPrefix?: string;
  /** Redis key prefix of the limits; instances that share limits share it. */
  limitsPrefix?: string;
  /** Redis key prefix of the session cache; instances that share sessions share it. */
  sessionsPrefix?: string;
}

/** The bus from config: Redis pub/sub when REDIS_URL is set, in-process otherwise. */
export function createBus(config: Config, opts: ContextOptions = {}): Bus {
  const log = opts.log ?? silentLog;
  return config.redisUrl
    ? createRedisBus(config.redisUrl, { prefix: opts.busPrefix, log })
    : createLocalBus(log);
}

/** The abuse limits from config: Redis counters when REDIS_URL is set, database ones otherwise. */
export function createLimits(
  config: Config,
  database: Database,
  now: () => Date,
  opts: ContextOptions = {},
): Limits {
  const inDb = createDbLimits(database.db, now);
  if (!config.redisUrl) return inDb;
  return createRedisLimits(config.redisUrl, inDb, {
    prefix: opts.limitsPrefix,
    log: opts.log ?? silentLog,
    now,
  });
}

/** The session cache from config: in Redis when REDIS_URL is set, none otherwise (decision 046). */
export function createSessionCache(config: Config, opts: ContextOptions = {}): SessionCache {
  if (!config.redisUrl) return noSessionCache;
  return createRedisSessionCache(config.redisUrl, {
    prefix: opts.sessionsPrefix,
    log: opts.log ?? silentLog,
  });
}

/**
 * The composition root: the one place that builds the providers and the bus. main.ts, the
 * test helper, the command-line tools and the benchmarks all build their context here.
 * Whoever builds it closes `bus` when done (that also closes the limits' Redis connection).
 */
export function createContext(
  config: Config,
  database: Database,
  now: () => Date,
  opts: ContextOptions = {},
): AppContext {
  const log = opts.log ?? silentLog;
  const bus = createBus(config, opts);
  // The running-promotions copies are process-wide (keyed by database), so they are dropped
  // here rather than by a route plugin; the common-data cache subscribes in flows/common.ts.
  watchPromotions(bus);
  const limits = createLimits(config, database, now, opts);
  const cache = createSessionCache(config, opts);
  // Ended sessions are told on the bus once the cache forgets them (with or without Redis), so
  // every instance closes their chat sockets at once (decision 077).
  const sessionCache: SessionCache = {
    ...cache,
    drop: async (ids) => {
      await cache.drop(ids);
      if (ids.length) bus.publish(SESSIONS_ENDED_TOPIC);
    },
  };
  // Where uploaded files' bytes live (decision 045): PGlite on disk, PostgreSQL in the rows.
  const releaseFiles = attachFileStore(database);
  return {
    config,
    database,
    now,
    providers: createProviders(config, { smsOutbox: keepInSmsOutbox, log, now }),
    // One close for what the context opened: every caller already closes the bus.
    bus: {
      ...bus,
      close: () =>
        Promise.all([bus.close(), limits.close(), sessionCache.close(), releaseFiles()]).then(
          () => undefined,
        ),
    },
    limits,
    sessionCache,
  };
}
