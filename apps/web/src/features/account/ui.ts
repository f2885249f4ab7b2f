/**
 * The account components other features' pages reuse: the member-centre frame and the address
 * form. They are kept out of ./index.ts, which the app shell (router, guard, header) imports on
 * every page: re-exported there, they and their antd Form and zod rules were pulled into the
 * first load of every route (docs/performance.md, first-load JS).
 */
export { AccountShell } from './components/AccountShell';
export { AddressForm } from './components/AddressForm';
