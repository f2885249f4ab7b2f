import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountStepForm } from '../features/account/components/AccountStepForm';
import { HELP_COLUMNS, detailOf } from '../features/help/testing/help-fixtures';
import { Footer } from '../layout/Footer';
import { COMMON } from '../layout/testing/fixtures';
import type { RouteHandle } from '../shared/routing/route-handle';
import { fail, ok, stubFetch } from '../test/fetch-stub';
import { pageRows } from '../test/web-pages-doc';
import { currentHandle, renderRoutes } from '../test/router-harness';
import { AppProviders } from './providers';
import { rootRoute } from './routes';
import { comingSoon } from './routes/define';

/**
 * Every link of the footer and of the registration form opens a real page: a route of the
 * table that is neither the coming-soon page nor /404 (nor the catch-all redirect to it).
 */

function pageFor(href: string): { name: string; comingSoon: boolean } | null {
  const { pathname } = new URL(href, 'http://localhost');
  const leaf = matchRoutes([rootRoute(null)], pathname)?.at(-1)?.route;
  const handle = leaf?.handle as RouteHandle | undefined;
  if (!leaf || !handle) return null;
  return { name: handle.name, comingSoon: leaf.lazy === comingSoon };
}

/** The hrefs of every link in `root`. */
function linksOf(root: HTMLElement): string[] {
  const links = within(root).getAllByRole('link');
  return links.map((a) => a.getAttribute('href') ?? '');
}

function renderWithRouter(element: React.ReactNode) {
  stubFetch((call) =>
    call.path === '/api/article/category' ? ok(HELP_COLUMNS) : fail(404, `no stub for ${call.path}`, 404),
  );
  const router = createMemoryRouter([{ path: '*', element }]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

describe('footer and registration links', () => {
  it('the footer links every help article and section to a built page', async () => {
    renderWithRouter(<Footer site={COMMON.site} />);
    const footer = screen.getByRole('contentinfo');
    await waitFor(() => expect(within(footer).getByRole('link', { name: '药品退换' })).toBeInTheDocument());
    const hrefs = linksOf(footer);
    // Every seeded article and the five section links.
    expect(hrefs.length).toBe(HELP_COLUMNS.flatMap((c) => c.children).length + 5);
    const pages = hrefs.map((href) => [href, pageFor(href)] as const);
    const broken = pages.filter(([, p]) => !p || p.comingSoon || p.name === '404');
    expect(broken).toEqual([]);
    expect(Object.fromEntries(pages.map(([href, p]) => [href, p?.name]))).toMatchObject({
      '/help/xrzn/hyzc?id=1': 'help_xrzn_hyzc',
      '/help/fwbz/wzzz?id=4': 'help_fwbz_wzzz',
      '/help/fwbz/yhxy?id=5': 'help_article',
      '/help/zfps/ddzf?id=7': 'help_zfps_ddzf',
      '/help/pay': 'help_pay',
      '/news': 'help_news',
    });
  });

  it('the registration form’s agreement link opens a built help page that shows an article', async () => {
    const view = renderWithRouter(<AccountStepForm scene="register" pending={false} onSubmit={() => {}} />);
    const href = screen.getByRole('link', { name: '《用户注册协议》' }).getAttribute('href')!;
    const page = pageFor(href);
    expect(page).not.toBeNull();
    expect(page!.comingSoon).toBe(false);
    view.unmount();

    // Through the real routes table: the page loads and shows the article it names.
    const id = Number(new URL(href, 'http://localhost').searchParams.get('id')) || 5;
    stubFetch((call) => {
      if (call.path === '/api/article/category') return ok(HELP_COLUMNS);
      if (call.path === `/api/article/detail/${id}`) return ok(detailOf(id, '<p>协议正文</p>'));
      if (call.path === '/api/article/detail/5') return ok(detailOf(5, '<p>协议正文</p>'));
      return ok(null);
    });
    const harness = renderRoutes(href, { pages: (name) => name.startsWith('help') });
    unmount = harness.unmount;
    expect(await screen.findByText('协议正文', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(currentHandle(harness.router)?.name).toBe(page!.name);
  });

  it('an unknown path is not taken for a page (the check can fail)', () => {
    expect(pageFor('/no/such/page')).toBeNull();
    expect(pageFor('/404')?.name).toBe('404');
    const soon = pageRows().find((r) => r.comingSoon);
    if (soon) expect(pageFor(soon.paths[0]!.replace(/:\w+\??/g, '1'))?.comingSoon).toBe(true);
  });
});
