// Prepared statements for the statements every request runs (docs/decisions/021).
//
// A statement marked with `prepared()` is parsed once per database connection and then only
// bound and executed; after five runs PostgreSQL keeps a generic plan for it. For the cart's
// snapshot, planning costs more than running (≈ 1.5 ms against 0.1 ms on this machine). Only
// statements whose text never varies and whose best plan does not depend on their parameters
// may be marked (keys and ids: yes; a search: no).
import crypto from 'node:crypto';
import {
  PGlite,
  parse as pgliteParse,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';

/** What `prepared` puts in front of a statement; the drivers below look for it. */
const PREPARED_MARK = '/*prepared*/';

/** Marks a statement to run as a prepared statement (see the top of this file). */
export function prepared(query: SQL): SQL {
  return sql`${sql.raw(PREPARED_MARK)} ${query}`;
}

const statementNames = new Map<string, string>();
/** One name per text, so a connection never sees one name with two texts. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `kc_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The pool's client for PostgreSQL: names the marked statements; node-postgres then sends
 * their Parse once per connection and only Bind/Execute afterwards.
 */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (
      config !== null &&
      typeof config === 'object' &&
      'text' in config &&
      typeof config.text === 'string' &&
      config.text.startsWith(PREPARED_MARK) &&
      !('name' in config && config.name)
    ) {
      args[0] = { ...config, name: statementName(config.text) };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

const { serialize } = protocol;
const quiet = { syncToFs: false };

/**
 * The embedded database: runs a marked statement outside a transaction as a named statement
 * (Parse and Describe once per process, then Bind/Describe/Execute/Sync), the way PGlite's own
 * `query` runs an unnamed one, under the same two locks. Inside a transaction drizzle queries
 * through the transaction's own object, which does not come here, so those run as usual.
 */
export class PreparingPGlite extends PGlite {
  /** Parameter types of each statement this process has prepared. */
  private readonly preparedTypes = new Map<string, number[]>();

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!query.startsWith(PREPARED_MARK)) return super.query<T>(query, params, options);
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(() => this.runPrepared<T>(query, params ?? [], options)),
    );
  }

  private async runPrepared<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const name = statementName(text);
    const messages = [];
    try {
      let types = this.preparedTypes.get(name);
      if (!types) {
        messages.push(...(await this.execProtocolStream(serialize.parse({ name, text }), quiet)));
        const described = await this.execProtocolStream(serialize.describe({ type: 'S', name }), quiet);
        types = pgliteParse.parseDescribeStatementResults(described);
        this.preparedTypes.set(name, types);
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = types[i];
        const serializer =
          type === undefined ? undefined : (options?.serializers?.[type] ?? this.serializers[type]);
        return serializer ? serializer(value) : String(value);
      });
      messages.push(...(await this.execProtocolStream(serialize.bind({ statement: name, values }), quiet)));
      messages.push(...(await this.execProtocolStream(serialize.describe({ type: 'P' }), quiet)));
      messages.push(...(await this.execProtocolStream(serialize.execute({}), quiet)));
    } catch (err) {
      // A statement that failed to parse is not prepared: the next call parses it again.
      if (err instanceof Error) Object.assign(err, { query: text, params });
      throw err;
    } finally {
      messages.push(...(await this.execProtocolStream(serialize.sync(), quiet)));
    }
    await this.syncToFs();
    const [result] = pgliteParse.parseResults(messages, this.parsers, options);
    return result as Results<T>;
  }
}
