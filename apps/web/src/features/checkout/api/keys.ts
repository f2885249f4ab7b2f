import { ORDER_KEY } from '../../../shared/order/keys';

/** Query keys of the checkout feature. The order itself lives under ORDER_KEY, shared with the order centre. */
export const CHECKOUT_KEY = ['checkout'] as const;
export const PREVIEW_KEY = [...CHECKOUT_KEY, 'preview'] as const;
export const orderKey = (id: number) => [...ORDER_KEY, 'checkout', id] as const;
export const payPageKey = (id: number) => [...ORDER_KEY, 'checkout', id, 'pay'] as const;
