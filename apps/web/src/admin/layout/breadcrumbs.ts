import { MENU_GROUPS, type AdminRoute } from '../shared/route';

export interface Crumb {
  title: string;
  /** An in-app path ('/goods'), or none for the page itself and a group. */
  to?: string;
}

/**
 * 首页 › group › parent list › this page, from the routes table: a detail page names its list
 * in `parent`, and takes the group of its own menu entry or its parent's.
 */
export function breadcrumbsOf(route: AdminRoute | undefined, routes: readonly AdminRoute[]): Crumb[] {
  const home: Crumb = { title: '首页', to: '/' };
  if (!route) return [home];
  if (route.path === '') return [{ title: route.title }];
  const parent = route.parent === undefined ? undefined : routes.find((r) => r.path === route.parent);
  const group = route.menu?.group ?? parent?.menu?.group;
  const crumbs: Crumb[] = [home];
  if (group && group !== 'dashboard') crumbs.push({ title: MENU_GROUPS[group] });
  if (parent) crumbs.push({ title: parent.title, to: `/${parent.path}` });
  crumbs.push({ title: route.title });
  return crumbs;
}
