/**
 * `npm run admin -- <command>`: the operator review and fulfilment (orders, transfers, returns,
 * top-ups) over the same services as the admin calls, until the back office exists. Uses the
 * configured database (DATA_DIR or DATABASE_URL).
 */
import { createContext } from '../app/compose.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { runCommand } from './commands.js';

/** The first line of standard input: a password piped in or typed, never an argument. */
async function readLine(prompt: string): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write(prompt);
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  // The same context as the server's, so a command reaches the providers and the bus.
  const ctx = createContext(config, database, () => new Date());
  try {
    const args = process.argv.slice(2);
    const input = args[0] === 'create-operator' ? { password: await readLine('password: ') } : {};
    for (const line of await runCommand(ctx.database.db, args, ctx.now(), input)) console.log(line);
  } finally {
    await ctx.bus.close();
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
