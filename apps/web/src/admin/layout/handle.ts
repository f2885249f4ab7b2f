import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { AdminRoute } from '../shared/route';

/** What each route of the back office's router carries (read back with useMatches). */
export interface AdminHandle {
  title: string;
  /** The routes-table row behind a page (its access, parent, menu group). */
  route?: AdminRoute;
}

export const SITE_TITLE = '康采医药网运营后台';

/** The handle of the deepest matched route. */
export function useAdminHandle(): AdminHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as AdminHandle | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}

/** document.title = '<page> - 康采医药网运营后台'. */
export function useAdminTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - ${SITE_TITLE}` : SITE_TITLE;
  }, [title]);
}
