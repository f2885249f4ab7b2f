import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './platform/config.js';
import { DataDirLockedError, openDatabase } from './platform/db.js';
import { DEMO_LOGINS, seedIfEmpty } from './seed/index.js';
import { startMaintenance } from './platform/maintenance.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const ctx = { config, database, now: () => new Date() };
  const app = await buildApp(ctx);

  if (database.kind === 'pglite') {
    app.log.info(
      { dataDir: config.dataDir },
      'embedded PGlite database: single process only; set DATABASE_URL to use PostgreSQL and run several instances',
    );
  } else {
    app.log.info('PostgreSQL database from DATABASE_URL');
  }

  const seeded = config.seed ? await seedIfEmpty(ctx, app.log) : false;
  const stopMaintenance = startMaintenance(ctx, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopMaintenance();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  康采医药网 is running on http://${shown}:${config.port}`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}${seeded ? ' (demo data seeded now)' : ''}`,
  ];
  if (config.seed) {
    lines.push('  demo logins:');
    for (const l of DEMO_LOGINS) lines.push(`    ${l.role.padEnd(22)} ${l.username} / ${l.password}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
