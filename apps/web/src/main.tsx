import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { closedToday } from './layout/Ads';
import { isSuccessCode, type Ad } from '@kc/domain';
import { adsQuery, asAdList } from './shared/site/ads';
import type { RouteHandle } from './shared/routing/route-handle';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The first view's largest picture is the bottom floating ad (decision 078). On the landing
 * pages `early.ts` has already asked for it beside the entry and started its picture; its reply
 * fills the very query the ad's hook reads, so the first render shows the ad. Elsewhere the call
 * starts here, before React renders, and its picture is preloaded once the reply names it.
 * Skipped where the shell shows no such ad, and when it was closed today (nothing is asked then).
 */
function startFloatingAd(): void {
  const handle = router.state.matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (!handle?.header || !handle.footer) return;
  if (closedToday('dbxfc')) return;
  const query = adsQuery('dbxfc');
  const early = window.__kcFloatingAd;
  // Taken: an early script that arrives only now asks nothing.
  window.__kcFloatingAd = Promise.resolve(null);
  const fromEarly = early?.then((reply) =>
    reply && typeof reply.code === 'number' && isSuccessCode(reply.code)
      ? asAdList(reply.data as Ad | Ad[] | null)
      : null,
  );
  queryClient
    .fetchQuery({
      ...query,
      // The early reply when it was usable, else the hook's own call.
      queryFn: async (ctx) => (await fromEarly) ?? query.queryFn!(ctx),
    })
    .then((ads) => {
      const image = ads[0]?.image;
      if (!image || early) return;
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
