/**
 * `npm run admin -- <command>`: the operator review and fulfilment (orders, transfers, returns,
 * top-ups) over the same services as the admin calls, until the back office exists. Uses the
 * configured database (DATA_DIR or DATABASE_URL).
 */
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { runCommand } from './commands.js';

async function main(): Promise<void> {
  const database = await openDatabase(loadConfig());
  try {
    for (const line of await runCommand(database.db, process.argv.slice(2), new Date())) console.log(line);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof AppError
      ? `${err.message}${err.fields ? ` ${JSON.stringify(err.fields)}` : ''}`
      : err instanceof Error
        ? err.message
        : err,
  );
  process.exit(1);
});
