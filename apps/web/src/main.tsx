import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { closedToday } from './layout/Ads';
import { adsQuery } from './shared/site/ads';
import type { RouteHandle } from './shared/routing/route-handle';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The first view's largest picture is the bottom floating ad (decision 078): its call starts
 * here, before React renders, through the very query the ad's hook reads, and its image is
 * preloaded as soon as the reply names it — not after the route chunk and the first render.
 * Skipped where the shell shows no such ad, and when it was closed today (nothing is asked then).
 */
function startFloatingAd(): void {
  const handle = router.state.matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (!handle?.header || !handle.footer) return;
  if (closedToday('dbxfc')) return;
  queryClient
    .fetchQuery(adsQuery('dbxfc'))
    .then((ads) => {
      const image = ads[0]?.image;
      if (!image) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = image;
      link.setAttribute('fetchpriority', 'high');
      document.head.appendChild(link);
    })
    .catch(() => {
      // Silent like the hook: a missing ad never interrupts shopping.
    });
}
startFloatingAd();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
