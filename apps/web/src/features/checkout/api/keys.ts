/** Query keys of the checkout feature. The order itself lives under ['order'], shared with the order centre. */
export const CHECKOUT_KEY = ['checkout'] as const;
export const PREVIEW_KEY = [...CHECKOUT_KEY, 'preview'] as const;
export const ORDER_KEY = ['order'] as const;
export const orderKey = (id: number) => [...ORDER_KEY, 'checkout', id] as const;
export const payPageKey = (id: number) => [...ORDER_KEY, 'checkout', id, 'pay'] as const;
