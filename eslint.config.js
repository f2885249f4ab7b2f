import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The web app's import zones: a feature imports only itself, shared/, @kc/domain and packages;
 * the shell (app/, layout/) may import features; shared/ imports neither a feature nor the
 * shell; nothing imports the server. The features are read from the tree, so a new one is
 * fenced in without editing this file. Tests (and their fixtures) render pages inside the real
 * shell, so they may import it; they too import no other feature.
 */
function webZones({ tests }) {
  const src = 'apps/web/src';
  const features = readdirSync(new URL(`./${src}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const shell = [`${src}/app`, `${src}/layout`];
  const adminFeatures = readdirSync(new URL(`./${src}/admin/features`, import.meta.url), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const adminShell = [
    `${src}/admin/layout`,
    `${src}/admin/login`,
    `${src}/admin/App.tsx`,
    `${src}/admin/main.tsx`,
  ];
  return [
    { target: 'apps/web', from: 'apps/server', message: 'The web app talks to the server over HTTP only.' },
    // The back office (/admin) is its own app: the storefront never imports it, and it reaches
    // the storefront's code only through shared/.
    {
      target: [`${src}/app`, `${src}/layout`, `${src}/features`, `${src}/shared`],
      from: `${src}/admin`,
      message: 'The storefront does not import the back office (admin/): it is a separate app.',
    },
    {
      target: `${src}/admin`,
      from: [`${src}/app`, `${src}/layout`, `${src}/features`],
      message: 'The back office imports storefront code only through shared/.',
    },
    ...adminFeatures.map((name) => ({
      target: `${src}/admin/features/${name}`,
      from: `${src}/admin/features`,
      except: [`./${name}`],
      message: `admin/features/${name} imports no other admin feature: move what both need to admin/shared/.`,
    })),
    {
      target: `${src}/admin/shared`,
      from: [`${src}/admin/features`, ...adminShell],
      message: 'admin/shared/ sits below the admin features and shell: it imports neither.',
    },
    ...features.map((name) => ({
      target: `${src}/features/${name}`,
      from: `${src}/features`,
      except: [`./${name}`],
      message: `features/${name} imports no other feature: move what both need to shared/.`,
    })),
    {
      target: `${src}/shared`,
      from: tests ? `${src}/features` : [`${src}/features`, ...shell],
      message: 'shared/ sits below the features and the shell (app/, layout/): it imports neither.',
    },
    ...(tests
      ? []
      : [
          {
            target: `${src}/features`,
            from: shell,
            message: 'A feature imports no shell code (app/, layout/): what it needs lives in shared/.',
          },
        ]),
  ];
}
const webTests = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/**/testing/**'];

/**
 * The server's import zones (docs/decisions/040-module-boundaries.md). Above the modules sit the
 * flows, then the app: the composition (app.ts, app/, main.ts), the command line and the seed.
 * Modules are ranked: one imports only modules ranked below it, so no two modules form a loop.
 */
function serverZones() {
  const src = 'apps/server/src';
  const app = ['app', 'app.ts', 'main.ts', 'cli', 'seed'].map((p) => `${src}/${p}`);
  const moduleRanks = [
    'content',
    'account',
    'catalog',
    'compliance',
    'activity',
    'promotion',
    'wallet',
    'engagement',
    'cart',
    'order',
    'payment',
    'invoice',
    'chat',
  ];
  const message = (what) => ` ${what} (docs/decisions/040-module-boundaries.md).`;
  return [
    ...['platform', 'providers'].map((low) => ({
      target: `${src}/${low}`,
      from: [`${src}/modules`, `${src}/flows`, ...app],
      message: message(`${low}/ imports no module, flow or app code`),
    })),
    {
      target: `${src}/modules`,
      from: [`${src}/flows`, ...app],
      message: message('A module imports no flow or app code: a flow composes modules'),
    },
    {
      target: `${src}/flows`,
      from: app,
      message: message('A flow imports no app code: the app registers the flows'),
    },
    ...moduleRanks.slice(0, -1).map((name, i) => ({
      target: `${src}/modules/${name}`,
      from: moduleRanks.slice(i + 1).map((above) => `${src}/modules/${above}`),
      message: message(`modules/${name} imports only modules ranked below it; compose higher ones in a flow`),
    })),
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The domain package is pure: it never imports app code, frameworks or I/O.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@kc/server', '@kc/web', '**/apps/**'],
              message: 'packages/domain imports no app code.',
            },
            {
              group: ['node:*', 'fastify', 'react', 'drizzle-orm', 'pg', '@electric-sql/*'],
              message: 'packages/domain is pure: no I/O or framework.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // By name here; by resolved path (any relative form) in the zones below.
              group: ['@kc/server', '@kc/server/**', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  // The web's layers (webZones): ONE rule entry per file set, each with every zone, because a
  // later config object replaces a rule's options for the files it matches rather than adding
  // to them (apps/web/src/test/lint-boundaries.test.ts proves the fence holds).
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: webZones({ tests: false }) },
      ],
    },
  },
  {
    files: webTests,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: webZones({ tests: true }) },
      ],
    },
  },
  // Server layers only point down: platform ← modules ← flows ← app (docs/decisions/040).
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin reads no .ts file it is led to, and finds no cycle at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/server/tsconfig.test.json',
            'apps/web/tsconfig.json',
            'packages/domain/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    // Tests and their fixtures build whole apps: they may import anything.
    ignores: ['**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/modules/*/fixtures.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverZones() }],
    },
  },
  {
    // Tests read reply bodies of many shapes; the assertions check them.
    files: ['**/*.test.{ts,tsx}', '**/src/test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
