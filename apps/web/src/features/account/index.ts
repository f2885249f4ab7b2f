/**
 * The account feature's surface for the app shell: logging out from the top bar. The current
 * user (profile, guard, badge) is read through shared/session, which every feature may use;
 * pages are lazy-loaded by the routes table straight from ./pages.
 */
export { logoutRequest, useLogout } from './api/logout';
