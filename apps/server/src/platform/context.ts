import type { Providers } from '../providers/index.js';
import type { Bus } from './bus.js';
import type { Config } from './config.js';
import type { Database } from './db.js';
import type { Limits } from './limits.js';
import type { SessionCache } from './session-cache.js';

/**
 * What every module receives: the typed config, the database, a clock, the external
 * services and the bus. Built once by app/compose.ts `createContext`.
 */
export interface AppContext {
  config: Config;
  database: Database;
  /** Injected so tests can move time (session expiry, SMS codes, order timeouts). */
  now: () => Date;
  /** SMS, WeChat, payment gateway, parcel tracking: development ones unless configured. */
  providers: Providers;
  /** Cache invalidation between instances (in-process unless REDIS_URL is set). */
  bus: Bus;
  /** Abuse limits shared by every instance (database counters, or Redis with REDIS_URL). */
  limits: Limits;
  /** Session lookups kept in Redis with REDIS_URL, none otherwise (decision 046). */
  sessionCache: SessionCache;
}
