// Makes sure Debian's Chromium and the CJK font are present for the browser tests.
// As root it installs them with apt-get (never `playwright install`: no downloads here).
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const hasFont = () => {
  try {
    return execSync('fc-list', { encoding: 'utf8' }).toLowerCase().includes('wenquanyi zen hei');
  } catch {
    return false;
  }
};

export function ensureBrowser() {
  const missing = [];
  if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
  if (!hasFont()) missing.push('fonts-wqy-zenhei');
  if (missing.length === 0) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Missing ${missing.join(', ')}: install them with sudo apt-get install -y chromium fonts-wqy-zenhei`,
    );
    return false;
  }
  console.log(`Installing ${missing.join(', ')} with apt-get…`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-zenhei', {
    stdio: 'inherit',
  });
  return fs.existsSync(CHROMIUM);
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureBrowser() ? 0 : 1);
