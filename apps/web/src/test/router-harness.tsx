import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useMatches } from 'react-router';
import { AppProviders } from '../app/providers';
import { PageBehaviours } from '../app/PageBehaviours';
import { queryClient } from '../app/query-client';
import type { RouteHandle } from '../shared/routing/route-handle';
import { rootRoute } from '../app/routes';
import { setNavigationBridge } from '../shared/api';

/** The matched handle, readable by tests; pages render only when asked (they fetch data). */
function Probe({ pages }: { pages: (name: string) => boolean }) {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return (
    <div data-testid="route" data-name={handle?.name ?? ''}>
      {handle && pages(handle.name) && <Outlet />}
    </div>
  );
}

export interface HarnessOptions {
  /** Which pages to render; by default none, so the layout and page data stay out of route tests. */
  pages?: (name: string) => boolean;
}

/**
 * Mounts the real routes table (loaders, redirects, guards, lazy pages) and the real page
 * behaviours, with a probe in place of the layout helper's AppLayout. The navigation bridge
 * points at this router, as the app's does.
 */
export function renderRoutes(path: string, { pages = () => false }: HarnessOptions = {}) {
  queryClient.clear();
  const root = rootRoute(
    <>
      <PageBehaviours />
      <Probe pages={pages} />
    </>,
  );
  const router = createMemoryRouter([root], { initialEntries: [path] });
  const reload = vi.fn();
  const restore = setNavigationBridge({
    navigate: (to, opts) => void router.navigate(to, opts),
    currentPath: () => router.state.location.pathname + router.state.location.search,
    reload,
  });
  const view = render(
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const unmount = () => {
    view.unmount();
    router.dispose();
    restore();
  };
  return { router, reload, unmount, view };
}

/** The deepest handle of the router's current matches. */
export function currentHandle(router: ReturnType<typeof createMemoryRouter>): RouteHandle | undefined {
  return router.state.matches.at(-1)?.route.handle as RouteHandle | undefined;
}
