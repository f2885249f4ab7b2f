import type { ActivityTapView } from '@kc/domain';
import { api } from '../../../shared/api';

/**
 * `POST /api/activity/tap`: counts a click on an activity's banner or tab for its report. Never
 * cancelled by a newer tap (SPEC §7), and silent: a lost count is nothing the buyer must hear of.
 */
export function tapActivity(id: number): void {
  api.post<ActivityTapView>('/api/activity/tap', { id }, { silent: true }).catch(() => undefined);
}
