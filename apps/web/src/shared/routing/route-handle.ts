/**
 * The typed `handle` every route carries (SPEC §2): layout flags and title. The routes table
 * (app/routes) writes it; the layout reads the deepest match's handle with `useMatches()`, and
 * a feature may read it too (a logout leaves a members-only page).
 */
export interface RouteHandle {
  /** Route name from SPEC §2 (e.g. 'cart_step1', 'user_hyzx'); used for tracking and rules. */
  name: string;
  /** Page title; the document title is `${title} - ${SITE_TITLE}` or the site title alone. */
  title: string;
  header: boolean;
  /** The slim login-style header instead of the full one. */
  loginHeader: boolean;
  footer: boolean;
  rightBar: boolean;
  categoryMenu: boolean;
  nav: boolean;
  topRightAd: boolean;
  /** Do not restore the scroll position when returning to this route. */
  noScrollRestore: boolean;
  /** Cart steps 1–4 show the cart-progress banner. */
  cartStep?: 1 | 2 | 3 | 4;
  /** Pages that need a logged-in member send visitors to /login. */
  requiresLogin?: boolean;
}

export const DEFAULT_HANDLE: Omit<RouteHandle, 'name' | 'title'> = {
  header: true,
  loginHeader: false,
  footer: true,
  rightBar: true,
  categoryMenu: true,
  nav: true,
  topRightAd: true,
  noScrollRestore: false,
};
