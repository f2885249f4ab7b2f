/**
 * Every order query lives under this root, so one invalidation refreshes the order centre's
 * lists, counts and details and the checkout's order views: placing or paying an order (the
 * checkout feature) changes what the order feature shows.
 */
export const ORDER_KEY = ['order'] as const;
