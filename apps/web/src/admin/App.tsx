import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setNavigationBridge } from '../shared/api';
import { ADMIN_BASENAME, AdminProviders, createAdminQueryClient } from './AppProviders';
import { adminRouteObjects } from './AppRoutes';
import { ADMIN_ROUTES } from './routes';
import { ME_KEY } from './shared/me';

/**
 * The router and the navigation bridge: the API client's 401 handling goes to `/login`, which
 * under the basename is /admin/login, keeping the page to come back to.
 */
export function createAdminRouter(client: QueryClient) {
  const router = createBrowserRouter(adminRouteObjects(ADMIN_ROUTES), { basename: ADMIN_BASENAME });
  setNavigationBridge({
    navigate: (to, opts) => void router.navigate(to, opts),
    currentPath: () => router.state.location.pathname + router.state.location.search,
    reload: () => window.location.reload(),
    onLoginRequired: () => client.setQueryData(ME_KEY, null),
  });
  return router;
}

const queryClient = createAdminQueryClient();
const router = createAdminRouter(queryClient);

/** The back-office app (admin.html → main.tsx). */
export function AdminApp() {
  return (
    <AdminProviders client={queryClient}>
      <RouterProvider router={router} />
    </AdminProviders>
  );
}
