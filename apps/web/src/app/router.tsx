import { createBrowserRouter } from 'react-router';
import { GUEST } from '../shared/session/user';
import { USER_KEY } from '../shared/session/keys';
import { setNavigationBridge } from '../shared/api';
import { AppShell } from './AppShell';
import { queryClient } from './query-client';
import { rootRoute } from './routes';

export const router = createBrowserRouter([rootRoute(<AppShell />)]);

/**
 * Non-React code (the API client's 401 and 459 handling) navigates through the router, so an
 * in-app move never reloads the page and the query cache survives.
 */
setNavigationBridge({
  navigate: (to, opts) => void router.navigate(to, opts),
  currentPath: () => router.state.location.pathname + router.state.location.search,
  reload: () => window.location.reload(),
  onLoginRequired: () => queryClient.setQueryData(USER_KEY, GUEST),
});
