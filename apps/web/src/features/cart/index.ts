/**
 * The cart feature's public surface: the add-to-cart control for lists and the goods detail,
 * the drawer's lines (lazy-loaded by the layout), and the cart calls other features reuse.
 * The cart page is lazy-loaded by the routes table straight from ./pages.
 */
export { AddToCart } from './components/AddToCart';
export { useCartAdder, cartItem, type AddableGoods } from './components/useCartAdder';
export { CartDrawerLines } from './components/CartDrawerLines';
export { DELETE_CONFIRM } from './components/useDeleteConfirm';
export { cartListQuery, useCartList, useCartNumber } from './api/list';
export { cartTotalQuery, useCartTotal } from './api/total';
export { useAddToCart, addToCartRequest } from './api/add';
export { useQuickAdd } from './api/quick-add';
export { useCopyCart } from './api/copy';
export { CHECKOUT_PREVIEW_KEY } from './api/checkout';
export { CART_KEY } from './api/keys';
export type { CartLine, CartState, CheckoutPreview } from './types';
