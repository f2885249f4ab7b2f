import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featureNames = [
  'catalog',
  'search',
  'account',
  'compliance',
  'cart',
  'checkout',
  'order',
  'payment',
  'wallet',
  'promotion',
  'content',
  'engagement',
  'invoice',
  'admin',
  'home',
  'help',
  'misc',
];

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
              group: ['@kc/server', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  // One feature does not import another's internals: only its public index (features/<x>/index.ts),
  // for the shell, and features/<x>/ui.ts, for components other features' lazy pages reuse.
  ...featureNames.map((name) => {
    const others = featureNames.filter((n) => n !== name);
    const message =
      'Import another feature through its index (features/<name>) or its shared components (features/<name>/ui), never its internals.';
    return {
      files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: others.flatMap((n) => [
                  `**/features/${n}/*`,
                  `**/features/${n}/**`,
                  `!**/features/${n}/ui`,
                ]),
                message,
              },
              // From inside a feature, another one is reached as ../(../)<name>: anything below
              // its index but its ui entry is an internal.
              { regex: `^(\\.\\./)+(${others.join('|')})/(?!ui$)`, message },
            ],
          },
        ],
      },
    };
  }),
  {
    // Tests read reply bodies of many shapes; the assertions check them.
    files: ['**/*.test.{ts,tsx}', '**/src/test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
