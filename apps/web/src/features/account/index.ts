/**
 * The account feature's public surface for the app shell: the user store the layout and the
 * route guard use, on every page. Components other features' pages reuse are in ./ui.ts, so
 * they stay out of every route's first load; pages are lazy-loaded by the routes table
 * straight from ./pages.
 */
export { GUEST, USER_KEY, isMember, useUser, userQuery, type GuestUser, type UserState } from './api/user';
export { logoutRequest, useLogout } from './api/logout';
