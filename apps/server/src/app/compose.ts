import { createLocalBus, createRedisBus, type Bus } from '../platform/bus.js';
import type { Config } from '../platform/config.js';
import type { AppContext } from '../platform/context.js';
import type { Database } from '../platform/db.js';
import { silentLog, type Log } from '../platform/log.js';
import { createProviders } from '../providers/index.js';
import { keepInSmsOutbox } from '../modules/account/sms/outbox.js';
import { watchPromotions } from '../modules/activity/service.js';

export interface ContextOptions {
  /** Where the providers and the bus report (the development SMS, a lost Redis). */
  log?: Log;
  /** Redis channel prefix of the bus; instances that should hear each other share it. */
  busPrefix?: string;
}

/** The bus from config: Redis pub/sub when REDIS_URL is set, in-process otherwise. */
export function createBus(config: Config, opts: ContextOptions = {}): Bus {
  const log = opts.log ?? silentLog;
  return config.redisUrl
    ? createRedisBus(config.redisUrl, { prefix: opts.busPrefix, log })
    : createLocalBus(log);
}

/**
 * The composition root: the one place that builds the providers and the bus. main.ts, the
 * test helper, the command-line tools and the benchmarks all build their context here.
 * Whoever builds it closes `bus` when done.
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
  return {
    config,
    database,
    now,
    providers: createProviders(config, { smsOutbox: keepInSmsOutbox, log }),
    bus,
  };
}
