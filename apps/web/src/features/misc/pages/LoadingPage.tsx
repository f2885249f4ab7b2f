import { PageSpinner } from '../../../shared/ui/PageSpinner';

/** /loading: an interstitial while the next page is prepared. */
export function LoadingPage() {
  return <PageSpinner />;
}

/** /loading/activity: where every /activity/… link lands before the activity opens. */
export function LoadingActivityPage() {
  return <PageSpinner tip="正在进入活动，请稍候…" />;
}
