// `npm test`: every check in order — types, lint, unit (domain), server, web, the home route's
// first-load budget, browser.
// Prints a plain "N passed, N failed" line at the end, summing every test runner.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBrowser } from './ensure-browser.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp');
fs.mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
const failures = [];

function run(label, cmd, args, env = {}, log = null) {
  console.log(`\n━━ ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  // With a log: the output is also kept in that file (tee), so a failure's cause can be printed
  // again at the very end, where a CI summary that shows only the tail still has it.
  const r = log
    ? spawnSync(
        'bash',
        ['-o', 'pipefail', '-c', `"$0" "$@" 2>&1 | tee ${JSON.stringify(log)}`, cmd, ...args],
        {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, FORCE_COLOR: '0', ...env },
        },
      )
    : spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`━━ ${label}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) failures.push(label);
  return ok;
}

function countVitest(file) {
  try {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
  } catch {
    /* the run failed before writing its report; the step is already marked failed */
  }
}

function countPlaywright(file) {
  try {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += j.stats.expected + j.stats.flaky;
    failed += j.stats.unexpected;
    if (j.stats.flaky > 0) {
      const flaky = [];
      const walk = (suite) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? [])
            if (t.status === 'flaky') flaky.push(`${spec.file}: ${spec.title}`);
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const suite of j.suites ?? []) walk(suite);
      console.log(`\nFlaky (failed, then passed on the retry):\n  ${flaky.join('\n  ')}`);
    }
  } catch {
    /* as above */
  }
}

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
run('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
const vitestJson = path.join(out, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestLog = path.join(out, 'vitest.log');
// The projects by name: server-redis needs a Redis server and runs in CI (.ci/run).
run(
  'unit + server + web tests',
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'domain',
    '--project',
    'server',
    '--project',
    'web',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ],
  {},
  vitestLog,
);
countVitest(vitestJson);

if (run('build', 'npm', ['run', '--silent', 'build'])) {
  run('first-load budget', 'node', ['bench/dist/first-load-budget.js']);
  if (ensureBrowser()) {
    const pwJson = path.join(out, 'playwright.json');
    fs.rmSync(pwJson, { force: true });
    run('browser tests', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    });
    countPlaywright(pwJson);
  } else {
    failures.push('browser tests (no chromium)');
  }
}

// Why the vitest step failed, again at the end: failed files and tests, and errors raised outside
// any test (an unhandled rejection fails the run while every test passed).
if (failures.includes('unit + server + web tests') && fs.existsSync(vitestLog)) {
  const lines = fs.readFileSync(vitestLog, 'utf8').split('\n');
  const picked = [];
  lines.forEach((line, i) => {
    if (/FAIL|Unhandled|unhandled|Error:|Errors\b|Test Files|Tests\s|timed out/.test(line))
      picked.push(...lines.slice(i, i + (/Unhandled|Error:/.test(line) ? 8 : 1)));
  });
  console.log(`\nThe vitest step's failures (from ${path.relative(root, vitestLog)}):`);
  console.log([...new Set(picked)].slice(0, 80).join('\n'));
}

console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
