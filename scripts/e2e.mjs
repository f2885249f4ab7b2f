// `npm run test:e2e`: builds the site, makes sure Debian's Chromium and the CJK font are there,
// then runs the browser tests alone. Extra arguments go to Playwright (a file, `-g title`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBrowser } from './ensure-browser.mjs';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

if (run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1);
if (!ensureBrowser()) process.exit(1);
process.exit(
  run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)]),
);
