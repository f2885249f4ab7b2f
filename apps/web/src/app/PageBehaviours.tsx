import { useCurrentHandle } from './behaviours/handle';
import { useDocumentTitle } from './behaviours/useDocumentTitle';
import { useLoginFlag } from './behaviours/useLoginFlag';
import { usePageViewTracking } from './behaviours/usePageViewTracking';
import { useScrollRestoration } from './behaviours/useScrollRestoration';

/**
 * What every route change does whatever the layout: title, scroll restoration, page-view
 * tracking and the login flag. Rendered once by the root route; renders nothing.
 */
export function PageBehaviours() {
  const handle = useCurrentHandle();
  useLoginFlag();
  useDocumentTitle(handle);
  useScrollRestoration(handle);
  usePageViewTracking(handle);
  return null;
}
