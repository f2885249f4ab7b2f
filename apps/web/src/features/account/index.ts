/**
 * The account feature's public surface. The layout and the route guard use the user store;
 * pages are lazy-loaded by the routes table straight from ./pages.
 */
export { GUEST, USER_KEY, isMember, useUser, userQuery, type GuestUser, type UserState } from './api/user';
export { logoutRequest, useLogout } from './api/logout';
export { AccountShell } from './components/AccountShell';
export { AddressForm } from './components/AddressForm';
