import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../../../shared/routing/route-handle';
import { api, navigation } from '../../../shared/api';
import { GUEST } from '../../../shared/session/user';
import { USER_KEY } from '../../../shared/session/keys';

/** `DELETE /api/user/logout`: the server ends the session; the session cookie goes with it. */
export function logoutRequest(): Promise<null> {
  return api.del<null>('/api/user/logout');
}

/**
 * Logging out: end the session, mark the user a visitor, refetch whatever depended on the
 * member (cart count, prices), and leave a members-only page for the home page. A failed call
 * has already been shown by the client and leaves the member logged in.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const matches = useMatches();
  const onMembersPage = matches.some((m) => (m.handle as Partial<RouteHandle> | undefined)?.requiresLogin);
  return useCallback(async () => {
    await logoutRequest();
    queryClient.setQueryData(USER_KEY, GUEST);
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== USER_KEY[0] });
    if (onMembersPage) navigation.navigate('/');
  }, [queryClient, onMembersPage]);
}
