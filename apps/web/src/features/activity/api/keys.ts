import { USER_KEY } from '../../../shared/session/keys';

/**
 * The activity pages' queries sit under the member's key: prices follow the audience and a
 * template's coupons carry the caller's claim state, so a login or a logout reads them again.
 */
export const ACTIVITY_KEY = [...USER_KEY, 'activity'] as const;

/** Which activity a page shows: one by id, or the one an operator put on a storefront url. */
export type ActivityRef = { id: number } | { url: string };
