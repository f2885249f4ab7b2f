/**
 * The cart feature's surface for the app shell: the drawer's lines (lazy-loaded by the
 * layout). What other features reuse (the add-to-cart control, the cart keys and the cached
 * cart) lives in shared/cart; the cart page is lazy-loaded by the routes table from ./pages.
 */
export { CartDrawerLines } from './components/CartDrawerLines';
