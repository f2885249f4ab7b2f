import type { Config } from './config.js';
import type { Database } from './db.js';

/** What every module receives: the typed config, the database and a clock. */
export interface AppContext {
  config: Config;
  database: Database;
  /** Injected so tests can move time (session expiry, SMS codes, order timeouts). */
  now: () => Date;
}
