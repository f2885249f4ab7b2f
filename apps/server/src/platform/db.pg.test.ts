import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helper.js';
import { rowsOf, type Database } from './db.js';

// The app's PostgreSQL connections. Needs DATABASE_URL (CI, npm run test:pg).
if (!process.env.DATABASE_URL) throw new Error('the server-pg tests need DATABASE_URL (a PostgreSQL server)');

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('the connection pool (decision 073)', () => {
  it('runs every connection with JIT off', async () => {
    // Several at once, so that more than one connection of the pool answers.
    const answers = await Promise.all(
      Array.from(
        { length: 4 },
        async () => rowsOf<{ jit: string }>(await database.db.execute(sql`show jit`))[0]!.jit,
      ),
    );
    expect(answers).toEqual(['off', 'off', 'off', 'off']);
  });
});
