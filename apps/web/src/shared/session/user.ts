import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@kc/domain';
import { api, isCancelled } from '../api';
import { USER_KEY } from './keys';

/**
 * A visitor, or a member whose profile could not be read: SPEC §4 says a failed profile
 * fetch only marks the user `show`. `show: false` means "not known yet".
 */
export interface GuestUser {
  show: boolean;
}
export type UserState = UserProfile | GuestUser;

export const GUEST: GuestUser = { show: true };
const NOT_LOADED: GuestUser = { show: false };

/**
 * The server's readable companion of the session cookie (apps/server platform/cookies.ts):
 * present while this browser holds a member session. Without it the browser is a visitor's,
 * and the profile is not asked for (the call could only fail with a 401 in the console).
 */
export const SIGNED_IN_COOKIE = 'kc_signed_in';

export function hasSignedInMarker(): boolean {
  try {
    return document.cookie.split(';').some((c) => c.trim() === `${SIGNED_IN_COOKIE}=1`);
  } catch {
    return true;
  }
}

/** `GET /api/user/base`, silent: an anonymous visitor is not an error to show. */
export const userQuery = queryOptions({
  queryKey: USER_KEY,
  queryFn: async ({ signal }): Promise<UserState> => {
    if (!hasSignedInMarker()) return GUEST;
    try {
      const user = await api.get<UserProfile>('/api/user/base', undefined, { silent: true, signal });
      return { ...user, show: true };
    } catch (error) {
      if (isCancelled(error)) throw error;
      return GUEST;
    }
  },
  staleTime: 60_000,
});

/** A member is a profile with an account name; the guest shape carries only `show`. */
export function isMember(user: UserState | null | undefined): user is UserProfile {
  return (
    !!user &&
    typeof (user as Partial<UserProfile>).username === 'string' &&
    (user as UserProfile).username !== ''
  );
}

/**
 * The current user: the SPEC §3 User for a member, `{ show: true }` for a visitor, `{ show:
 * false }` until known. The layout decides when to fetch (SPEC §4), hence `enabled`.
 */
export function useUser({ enabled = true }: { enabled?: boolean } = {}): UserState {
  const { data } = useQuery({ ...userQuery, enabled });
  return data ?? NOT_LOADED;
}
