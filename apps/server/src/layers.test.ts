import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer check of decision 040 is lint configuration; these cases run the repository's own
// ESLint config on imports that must fail (and some that must pass), so the check cannot be
// switched off or narrowed without a failing test.
const root = path.resolve(import.meta.dirname, '../../..');
const src = (file: string) => path.join(root, 'apps/server/src', file);
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The import-x findings of linting `code` as if it were `file` (under apps/server/src). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: src(file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('import-x/') && m.severity === 2)
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('imports that run back up a layer fail lint', () => {
  it.each([
    ['platform/probe.ts', '../modules/account/sessions.js', 'platform/ imports no module'],
    ['platform/probe.ts', '../flows/checkout/place.js', 'platform/ imports no module'],
    ['platform/probe.ts', '../app/compose.js', 'platform/ imports no module'],
    ['platform/probe.ts', '../seed/index.js', 'platform/ imports no module'],
    ['providers/probe.ts', '../modules/payment/service.js', 'providers/ imports no module'],
    ['modules/order/probe.ts', '../../flows/checkout/place.js', 'A module imports no flow or app code'],
    ['modules/cart/probe.ts', '../../app.js', 'A module imports no flow or app code'],
    ['modules/order/probe.ts', '../../seed/index.js', 'A module imports no flow or app code'],
    ['flows/checkout/probe.ts', '../../app/compose.js', 'A flow imports no app code'],
    ['flows/probe.ts', '../main.js', 'A flow imports no app code'],
  ])('%s importing %s', async (file, from, message) => {
    const errors = await layerErrors(file, importing(from));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('import-x/no-restricted-paths');
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['modules/account/probe.ts', '../order/read.js', 'modules/account'],
    ['modules/account/probe.ts', '../cart/service.js', 'modules/account'],
    ['modules/account/probe.ts', '../promotion/service.js', 'modules/account'],
    ['modules/catalog/probe.ts', '../compliance/service.js', 'modules/catalog'],
    ['modules/order/probe.ts', '../payment/service.js', 'modules/order'],
  ])('%s importing a module ranked above it (%s) closes a loop', async (file, from, who) => {
    const errors = await layerErrors(file, importing(from));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${who} imports only modules ranked below it`);
  });
});

describe('imports that point down pass', () => {
  it.each([
    ['flows/checkout/probe.ts', '../../modules/order/read.js'],
    ['modules/order/probe.ts', '../catalog/service.js'],
    ['modules/cart/probe.ts', '../../platform/db.js'],
    ['app/probe.ts', '../flows/index.js'],
    // Tests build whole apps: they may import anything.
    ['modules/account/probe.test.ts', '../order/read.js'],
    ['platform/probe.test.ts', '../modules/account/sessions.js'],
  ])('%s importing %s', async (file, from) => {
    expect(await layerErrors(file, importing(from))).toEqual([]);
  });
});

it('fails an import that closes a cycle', async () => {
  // Linted as modules/order/read.ts, which detail.ts imports: importing detail.ts back closes it.
  expect(await layerErrors('modules/order/read.ts', importing('./detail.js'))).toEqual([
    'import-x/no-cycle: Dependency cycle detected',
  ]);
});

it('checks import cycles in the server, the web app and the domain package', async () => {
  for (const file of [
    'apps/server/src/modules/order/read.ts',
    'apps/web/src/main.tsx',
    'packages/domain/src/index.ts',
  ]) {
    const config = (await eslint.calculateConfigForFile(path.join(root, file))) as {
      rules?: Record<string, unknown>;
    };
    expect([config.rules?.['import-x/no-cycle']].flat()[0], file).toBe(2);
  }
});
