import { buildApp } from './app.js';
import { createContext } from './app/compose.js';
import { ConfigError, loadConfig, type Config } from './platform/config.js';
import { DatabaseOpenError, openDatabase } from './platform/db.js';
import { DEMO_LOGINS, DEMO_PAY_PASSWORD, seedIfEmpty } from './seed/index.js';
import { startMaintenance } from './app/maintenance.js';
import { logRelay } from './platform/log.js';
import { developmentServices } from './providers/index.js';

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
    // One clear line (unreachable, refused, locked), never the URL's password or a stack.
    if (err instanceof DatabaseOpenError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // The providers and the bus log through the app's logger, which exists once the app does.
  const log = logRelay();
  const ctx = createContext(config, database, () => new Date(), { log });
  const app = await buildApp(ctx);
  log.attach(app.log);

  const dev = developmentServices(ctx.providers);
  if (dev.length && config.env === 'production') {
    app.log.warn(
      { services: dev },
      `DEV_PROVIDERS=on: ${dev.join('、')} use DEVELOPMENT providers in production — nothing is really sent or charged`,
    );
  } else if (dev.length) {
    app.log.info(
      { services: dev },
      'development providers (SMS outbox, instant WeChat, payment simulator, simulated parcel scans)',
    );
  }
  app.log.info(
    config.redisUrl
      ? 'bus: Redis pub/sub from REDIS_URL'
      : 'bus: in-process (set REDIS_URL to run several instances)',
  );

  if (database.kind === 'pglite') {
    app.log.info(
      { dataDir: config.dataDir },
      'embedded PGlite database: single process only; set DATABASE_URL to use PostgreSQL and run several instances',
    );
  } else {
    app.log.info('PostgreSQL database from DATABASE_URL');
  }

  const demoInProduction = config.seed && config.env === 'production';
  if (demoInProduction)
    app.log.warn(
      { logins: DEMO_LOGINS.map((l) => l.username) },
      'SEED=on in production: demo data with KNOWN logins and passwords is created on an empty database',
    );
  else if (!config.seed && config.env === 'production')
    app.log.info('SEED is off in production: no demo data and no demo logins are created');
  const seeded = config.seed ? await seedIfEmpty(ctx, app.log) : false;
  const stopMaintenance = startMaintenance(ctx, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopMaintenance();
    await app.close();
    await ctx.bus.close();
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
  if (dev.length && config.env === 'production')
    lines.push(
      `  WARNING (DEV_PROVIDERS=on): ${dev.join('、')} are simulated, nothing is really sent or charged`,
    );
  if (demoInProduction)
    lines.push('  WARNING (SEED=on): demo accounts with the known passwords below exist in production');
  if (config.seed) {
    lines.push('  demo logins:');
    for (const l of DEMO_LOGINS) lines.push(`    ${l.role.padEnd(22)} ${l.username} / ${l.password}`);
    lines.push(`    payment password (余额支付) of demo and demo_bj: ${DEMO_PAY_PASSWORD}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
