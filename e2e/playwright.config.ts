import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(root, '.tmp/e2e-data');

// Browser tests drive the real built site (server + SPA) on a fresh embedded database seeded
// with the demo data, in Debian's Chromium (never a downloaded browser).
export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, '.tmp/e2e-results'),
  fullyParallel: false,
  workers: 1,
  // CI retries a failed journey once; `npm test` names every test that needed it (flaky), so a
  // flake is reported, not hidden. Locally a failure fails at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1400, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node apps/server/dist/main.js`,
    cwd: root,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  },
});
