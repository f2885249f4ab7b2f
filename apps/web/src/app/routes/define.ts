import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type Params, type RouteObject } from 'react-router';
import { requireLogin } from '../guard';
import { DEFAULT_HANDLE, type RouteHandle } from '../../shared/routing/route-handle';
import { RouteFallback } from '../../shared/ui/PageSpinner';

export type Flags = Partial<Omit<RouteHandle, 'name' | 'title'>>;
/** A page module loaded on first visit, so the home route's first load stays small. */
export type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * The one way to declare a lazy page: the module's loader (a literal `() => import('…')`, so
 * the bundler gives the page its own chunk) and the name of the page component it exports.
 * Pages of one module share its loader, and so its chunk.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  return async () => ({ Component: (await load())[name] });
}

/** Member-only pages: visitors are sent to /login?redirect=… by the route loader. */
export const MEMBER: Flags = { requiresLogin: true };

/** The slim login-style header and no shopping chrome (login, registration, password). */
export const LOGIN_STYLE: Flags = {
  header: false,
  loginHeader: true,
  categoryMenu: false,
  nav: false,
  rightBar: false,
  topRightAd: false,
  noScrollRestore: true,
};

/** A page on its own: no header, footer or side parts (e.g. the /yx_rule rules page). */
export const BARE: Flags = { ...LOGIN_STYLE, loginHeader: false, footer: false, noScrollRestore: false };

/** Pages not built yet share one lazy chunk (see ../coming-soon.ts). */
export const comingSoon = lazyPage(() => import('../pages/ComingSoonPage'), 'ComingSoonPage');

const list = (paths: string | string[]) => (Array.isArray(paths) ? paths : [paths]);

/**
 * One page under one or more paths (its aliases). Every path carries the same typed handle,
 * so the layout, the title and the tracking see the same route whichever alias was used.
 */
export function page(
  paths: string | string[],
  name: string,
  title: string,
  options: Flags & {
    page?: LazyPage;
    /** Starts the page's main call beside its chunk (a members-only page has its guard instead). */
    prefetch?: (args: LoaderFunctionArgs) => void;
  } = {},
): RouteObject[] {
  const { page: lazy = comingSoon, prefetch, ...flags } = options;
  const handle: RouteHandle = { ...DEFAULT_HANDLE, ...flags, name, title };
  const loader = handle.requiresLogin
    ? { loader: requireLogin }
    : prefetch
      ? {
          loader: (args: LoaderFunctionArgs) => {
            prefetch(args);
            return null;
          },
        }
      : {};
  // While the first page's chunk (or a members-only page's guard) loads, the spinner stands
  // in for the page only: the shell — header, menus, the floating ad — renders at once
  // instead of after the chunk arrives (issue 17 item 8, decision 078).
  const route = { handle, lazy, HydrateFallback: RouteFallback, ...loader };
  return list(paths).map((path) => (path === '/' ? { index: true, ...route } : { path, ...route }));
}

/** Paths that forward elsewhere, keeping the query string (`?id=…`, `?select=…`). */
export function redirectTo(
  paths: string | string[],
  to: string | ((params: Params) => string),
): RouteObject[] {
  return list(paths).map((path) => ({
    path,
    // Never rendered (the loader always redirects); present so the router does not warn
    // about a leaf route without an element.
    element: null,
    loader: ({ params, request }: LoaderFunctionArgs) => {
      const target = typeof to === 'string' ? to : to(params);
      return redirect(target + new URL(request.url).search);
    },
  }));
}
