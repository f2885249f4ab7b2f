import { useQuery } from '@tanstack/react-query';
import { CODES, isLoginCode, type AdminMe, type Permission } from '@kc/domain';
import { api, isApiError } from '../../shared/api';

/** The query key of the signed-in operator; set to null at logout and on a 401. */
export const ME_KEY = ['admin', 'me'] as const;

/**
 * Who is signed in, or null: no operator session (401), or a member's session (403). Silent:
 * the route guard decides where to go, no alert is shown.
 */
export async function fetchMe(): Promise<AdminMe | null> {
  try {
    return await api.get<AdminMe>('/api/admin/me', undefined, { silent: true });
  } catch (error) {
    if (isApiError(error) && (isLoginCode(error.code) || error.code === CODES.forbidden)) return null;
    throw error;
  }
}

/** The signed-in operator (react-query): `data` is the `GET /api/admin/me` reply or null. */
export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: 5 * 60_000 });
}

/** Whether the operator may use what needs `access` ('any' = every signed-in operator). */
export function canUse(
  me: Pick<AdminMe, 'permissions'> | null | undefined,
  access: Permission | 'any',
): boolean {
  if (!me) return false;
  return access === 'any' || me.permissions.includes(access);
}

/** `can('order.ship')` for the signed-in operator: to show a button only to those it serves. */
export function useCan(): (access: Permission | 'any') => boolean {
  const { data } = useMe();
  return (access) => canUse(data, access);
}
