import { redirect, type LoaderFunctionArgs } from 'react-router';
import { GUEST, isMember, userQuery, type UserState } from '../shared/session/user';
import { loginPath } from '../shared/api';
import { queryClient } from './query-client';

async function currentUser(): Promise<UserState> {
  try {
    const cached = await queryClient.ensureQueryData(userQuery);
    if (isMember(cached)) return cached;
    // A cached "visitor" may be stale (logged in since, in another tab): ask once more.
    return await queryClient.fetchQuery({ ...userQuery, staleTime: 0 });
  } catch {
    return GUEST;
  }
}

/**
 * Loader of every members-only route (handle.requiresLogin): visitors go to the login page,
 * which brings them back here afterwards (SPEC §6). It reads the same ['user'] query the
 * header shows, so a member pays for at most one profile call.
 */
export async function requireLogin({ request }: LoaderFunctionArgs): Promise<Response | null> {
  if (isMember(await currentUser())) return null;
  const url = new URL(request.url);
  return redirect(loginPath(url.pathname + url.search));
}
