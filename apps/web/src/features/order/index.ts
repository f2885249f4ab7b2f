/**
 * The order feature's public surface: the order centre, details, returns, the delivery note,
 * 含麻 and points orders. Pages are lazy-loaded by the routes table straight from ./pages;
 * other features may read the counts or refresh every order view through ORDER_KEY.
 */
export { ORDER_KEY, orderDetailKey } from './api/keys';
export { orderCountsQuery, useOrderCounts } from './api/counts';
export { orderDetailQuery } from './api/detail';
export { returnPath } from './api/return-request';
