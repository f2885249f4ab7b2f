import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '../shared/ui/PageSpinner';
import { RouteError } from './pages/RouteError';
import { memberRoutes, registrationRoutes } from './routes/account';
import { catalogRoutes } from './routes/catalog';
import { coreRoutes, fallbackRoutes } from './routes/core';
import { helpRoutes } from './routes/help';
import { cartRoutes, orderRoutes } from './routes/orders';
import { promotionRoutes } from './routes/promotion';

/**
 * THE routes table (ARCHITECTURE rule 8): every path, alias and redirect of SPEC §2 with its
 * typed handle (name, title, layout flags). Plain data, split by area under ./routes, so the
 * app and the tests mount the very same table under different root elements.
 */
export const appRoutes: RouteObject[] = [
  ...coreRoutes,
  ...catalogRoutes,
  ...promotionRoutes,
  ...memberRoutes,
  ...registrationRoutes,
  ...cartRoutes,
  ...orderRoutes,
  ...helpRoutes,
  ...fallbackRoutes,
];

/** The root route: `element` is the shell (layout) that renders the matched page. */
export function rootRoute(element: ReactNode): RouteObject {
  return {
    path: '/',
    element,
    errorElement: <RouteError />,
    // Shown while the first page's chunk (and, for members-only pages, the guard) loads.
    hydrateFallbackElement: <PageSpinner />,
    children: appRoutes,
  };
}
