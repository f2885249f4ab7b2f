import { useEffect } from 'react';
import { SITE_TITLE } from '@kc/domain';
import type { RouteHandle } from '../../shared/routing/route-handle';

/** SPEC §2: route title plus the site title, or the site title alone when the route has none. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} - ${SITE_TITLE}` : SITE_TITLE;
}

export function useDocumentTitle(handle: RouteHandle | undefined): void {
  const title = handle?.title;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
