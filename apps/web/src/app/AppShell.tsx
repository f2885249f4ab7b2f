import { AppLayout } from '../layout/AppLayout';
import { PageBehaviours } from './PageBehaviours';

/** The root route's element: the page behaviours plus the layout, which renders the page. */
export function AppShell() {
  return (
    <>
      <PageBehaviours />
      <AppLayout />
    </>
  );
}
