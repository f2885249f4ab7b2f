/**
 * The compliance feature's public surface: the "why can't I buy this?" notice other features
 * (goods detail, cart) show for a PurchaseBlock. Pages are lazy-loaded from ./pages.
 */
export { PurchaseBlockNotice } from './components/PurchaseBlockNotice';
