import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers are fenced by lint (eslint.config.js, webZones): a feature imports only
 * itself, shared/, @kc/domain and packages; shared/ imports neither a feature nor the shell;
 * nothing imports the server. These probes are linted as if they were files of the app, so the
 * fence is proved to hold (a later config object that replaced the rule for some files would
 * open it silently, as the per-feature rules once did for @kc/server).
 */
// The repository root, from this file's own place (not `new URL(…, import.meta.url)`, which
// Vite rewrites into an asset URL).
const here = decodeURIComponent(import.meta.url.replace(/^file:\/\//, ''));
const root = here.slice(0, here.lastIndexOf('/apps/web/src/') + 1);
const eslint = new ESLint({ cwd: root });

/** The rules that report an error for `code` linted as apps/web/src/`file`. */
async function errorsOf(file: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/${file}` });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId);
}

const PATHS = 'import-x/no-restricted-paths';

describe('the web app’s import fence', () => {
  it.each([
    [
      'the server package from a feature',
      'features/cart/api/probe.ts',
      "import { buildApp } from '@kc/server';\nexport const probe = buildApp;\n",
      'no-restricted-imports',
    ],
    [
      'the server’s source by path from a feature',
      'features/cart/api/probe.ts',
      "import { buildApp } from '../../../../../server/src/app';\nexport const probe = buildApp;\n",
      PATHS,
    ],
    [
      'another feature’s internals',
      'features/cart/components/probe.ts',
      "import { ListPage } from '../../catalog/list/ListPage';\nexport const probe = ListPage;\n",
      PATHS,
    ],
    [
      'another feature’s index',
      'features/order/components/probe.ts',
      "import { SearchSuggestions } from '../../catalog';\nexport const probe = SearchSuggestions;\n",
      PATHS,
    ],
    [
      'the shell from a feature',
      'features/cart/api/probe.ts',
      "import { router } from '../../../app/router';\nexport const probe = router;\n",
      PATHS,
    ],
    [
      'a feature from shared/',
      'shared/goods/probe.ts',
      "import { CartPage } from '../../features/cart/pages/CartPage';\nexport const probe = CartPage;\n",
      PATHS,
    ],
    [
      'the shell from shared/',
      'shared/goods/probe.ts',
      "import { AppLayout } from '../../layout/AppLayout';\nexport const probe = AppLayout;\n",
      PATHS,
    ],
    [
      'another feature from a feature’s test',
      'features/checkout/pages/probe.test.ts',
      "import { CartPage } from '../../cart/pages/CartPage';\nexport const probe = CartPage;\n",
      PATHS,
    ],
    [
      'the back office from the storefront',
      'features/cart/api/probe.ts',
      "import { ADMIN_ROUTES } from '../../../admin/routes';\nexport const probe = ADMIN_ROUTES;\n",
      PATHS,
    ],
    [
      'a storefront feature from the back office',
      'admin/features/catalog/probe.ts',
      "import { CartPage } from '../../../features/cart/pages/CartPage';\nexport const probe = CartPage;\n",
      PATHS,
    ],
    [
      'another back-office feature',
      'admin/features/catalog/probe.ts',
      "import { routes } from '../orders/routes';\nexport const probe = routes;\n",
      PATHS,
    ],
  ])('refuses %s', async (_what, file, code, rule) => {
    expect(await errorsOf(file, code)).toContain(rule);
  });

  it('lets a feature import itself, shared/, the domain and packages', async () => {
    const code = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { fenToYuan } from '@kc/domain';",
      "import { Price } from '../../../shared/goods/Price';",
      "import { CART_KEY } from '../../../shared/cart/keys';",
      "import { repriceLine } from '../pricing';",
      'export const probe = [useQuery, fenToYuan, Price, CART_KEY, repriceLine];',
      '',
    ].join('\n');
    expect(await errorsOf('features/cart/components/probe.ts', code)).toEqual([]);
  });

  it('lets the shell import features', async () => {
    const code = "import { useLogout } from '../features/account';\nexport const probe = useLogout;\n";
    expect(await errorsOf('layout/probe.ts', code)).toEqual([]);
  });
});
