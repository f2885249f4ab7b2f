import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const domainSrc = fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url));
const alias = { '@kc/domain': domainSrc };

// Tests that need a Redis server (REDIS_URL): their own project, so `npm test` on a machine
// without Redis never runs them; `npm run test:redis` and CI do.
const needsRedis = 'src/**/*.redis.test.ts';
// Tests of what only PostgreSQL has (several processes on one database: advisory locks, start-up
// races): their own project, run by CI with DATABASE_URL (and `npm run test:pg`).
const needsPostgres = 'src/**/*.pg.test.ts';
// One migrated template per run (apps/server/src/test/global-setup.ts) that every test file's fresh
// database is copied from.
const serverTest = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks',
  globalSetup: ['./src/test/global-setup.ts'],
} as const;

/**
 * The one unhandled error that is not a defect: a React Scheduler task that a web test's last
 * reply queued, running after vitest has torn jsdom down (`window.event` is read when passive
 * effects flush). apps/web/src/test/setup.ts drains those tasks after every test; this catches a
 * task queued later still, which can no longer touch a test (every assertion of the file has run
 * and nothing is mounted). Anything else, or the same message from elsewhere, still fails the run.
 */
function isReactAfterTeardown(error: { name?: string; message?: string; stack?: string }) {
  return (
    error.name === 'ReferenceError' &&
    /^(window|document) is not defined$/.test(error.message ?? '') &&
    /react-dom|scheduler/.test(error.stack ?? '')
  );
}

export default defineConfig({
  test: {
    onUnhandledError(error) {
      if (isReactAfterTeardown(error)) {
        console.warn(`ignored after jsdom teardown: ${error.message}`);
        return false;
      }
    },
    projects: [
      {
        resolve: { alias },
        test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          exclude: [needsRedis, needsPostgres],
          ...serverTest,
        },
      },
      {
        resolve: { alias },
        test: { name: 'server-redis', root: './apps/server', include: [needsRedis], ...serverTest },
      },
      {
        resolve: { alias },
        test: { name: 'server-pg', root: './apps/server', include: [needsPostgres], ...serverTest },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
