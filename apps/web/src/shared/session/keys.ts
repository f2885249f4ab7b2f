/**
 * Query keys of the signed-in member's own data. Several features write what another reads
 * (a logout, a payment and an order change the profile; the check-order page adds an address
 * the address book shows), so the keys are declared once, here.
 */

/** The profile (`GET /api/user/base`); every member query sits under it. */
export const USER_KEY = ['user'] as const;

/** The address book (`GET /api/user/address`). */
export const ADDRESSES_KEY = [...USER_KEY, 'address'] as const;
