import type { SiteInfo, UserProfile } from '@kc/domain';
import { isMember, useUser } from '../shared/session/user';
import { useLogout } from '../features/account';

/** The layout's view of the profile: the member, or null for a visitor (or not loaded yet). */
export function useShellUser(enabled: boolean): UserProfile | null {
  const user = useUser({ enabled });
  return isMember(user) ? user : null;
}

/** The assigned customer-service admin when there is one, else the site's service desk. */
export function serviceContact(user: UserProfile | null, site: SiteInfo | undefined) {
  if (user?.admin?.name) return { label: '专属客服', name: user.admin.name, phone: user.admin.phone };
  return { label: '客服', name: site?.service_name ?? '', phone: site?.service_phone ?? '' };
}

/** QQ numbers: the member's own config first (it may be routed to their admin), else the site's. */
export function qqNumbers(user: UserProfile | null, site: SiteInfo | undefined): string[] {
  const qq1 = user?.common_config?.qq1 || site?.qq1 || '';
  const qq2 = user?.common_config?.qq2 || site?.qq2 || '';
  return [qq1, qq2].filter(Boolean);
}

/** Logging out from the top bar: the account feature clears the session and the profile. */
export function useShellLogout(): () => void {
  const logout = useLogout();
  return () => {
    // The client has already shown why a logout failed; the member simply stays logged in.
    logout().catch(() => undefined);
  };
}
