import type { RouteObject } from 'react-router';
import { CAPABILITIES, COMING_SOON, type Capability } from '../app/coming-soon';
import type { RouteHandle } from '../shared/routing/route-handle';
import { appRoutes } from '../app/routes';
import { comingSoon } from '../app/routes/define';

export interface PageRow {
  name: string;
  title: string;
  paths: string[];
  comingSoon: boolean;
  member: boolean;
}

/** Every page of the routes table, its paths (aliases) collected under its route name. */
export function pageRows(routes: RouteObject[] = appRoutes): PageRow[] {
  const rows = new Map<string, PageRow>();
  for (const route of routes) {
    const handle = route.handle as RouteHandle | undefined;
    if (!handle) continue;
    const row = rows.get(handle.name) ?? {
      name: handle.name,
      title: handle.title,
      paths: [],
      comingSoon: route.lazy === comingSoon,
      member: Boolean(handle.requiresLogin),
    };
    row.paths.push(route.index ? '/' : (route.path ?? ''));
    rows.set(handle.name, row);
  }
  return [...rows.values()];
}

const cell = (row: PageRow) =>
  `| ${row.title || '（无标题）'} | \`${row.name}\` | ${row.paths.map((p) => `\`${p}\``).join('<br>')} | ${row.member ? '会员' : ''} |`;

/** docs/web-pages.md, written from the routes table and coming-soon.ts. */
export function renderWebPagesDoc(): string {
  const rows = pageRows();
  const built = rows.filter((r) => !r.comingSoon);
  const lines = [
    '# Storefront pages',
    '',
    '<!-- Generated from apps/web/src/app/routes.tsx and coming-soon.ts by',
    '     `UPDATE_WEB_PAGES=1 npx vitest run --project web coming-soon`; a test keeps it current. -->',
    '',
    'Every path of SPEC §2 is in the routes table (`apps/web/src/app/routes.tsx`). The pages',
    'below marked "coming soon" show the shared layout, their title and the line',
    '"该功能即将上线" with the capability that will fill them in a later issue. 会员 = members only',
    '(visitors are sent to `/login?redirect=…`). Paths like `/zzfw_kjcg` next to an alias are the',
    "original site's route names kept as paths, so old links keep working.",
    '',
    '## Built pages',
    '',
    '| 标题 | 路由名 | 路径 | |',
    '|---|---|---|---|',
    ...built.map(cell),
  ];
  for (const capability of Object.keys(CAPABILITIES) as Capability[]) {
    const group = rows.filter((r) => COMING_SOON[r.name] === capability);
    if (group.length === 0) continue;
    lines.push(
      '',
      `## Coming soon: ${CAPABILITIES[capability]} (${capability})`,
      '',
      '| 标题 | 路由名 | 路径 | |',
      '|---|---|---|---|',
    );
    lines.push(...group.map(cell));
  }
  lines.push(
    '',
    '## Redirects',
    '',
    'See `apps/web/src/test/route-cases.ts` for every redirect and where it ends (e.g. `/zhzx_jcxx` → `/basic`,',
    '`/order/wl/:id` → `/order/info/:id`, `/activity/*` → `/loading/activity`, unknown paths → `/404`).',
    '`/zhzx`, `/wdqb` and `/zzfw` have no page of their own and open their first tab.',
    '',
  );
  return lines.join('\n');
}
