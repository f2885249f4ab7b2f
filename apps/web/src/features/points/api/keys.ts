import { USER_KEY } from '../../../shared/session/keys';

/**
 * The points mall's queries sit under the member's key: what a gift costs is public, but
 * whether it is affordable and the member's points change with who is signed in and with
 * each redemption, so a login, a logout or a redemption reads them again.
 */
export const POINTS_MALL_KEY = [...USER_KEY, 'points-mall'] as const;
export const POINTS_ORDERS_KEY = [...USER_KEY, 'points-orders'] as const;
export const MALL_PAGE_SIZE = 20;
export const POINTS_ORDER_PAGE_SIZE = 10;
