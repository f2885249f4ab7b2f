import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivitySummary } from '@kc/domain';
import { api } from '../../../shared/api';
import { ACTIVITY_KEY } from './keys';

/** Which activities a list asks for: those of a comma list of ids, or those on a url. */
export type ActivityListRef = { ids: string } | { url: string };

/** `GET /api/activity/list`: the enabled activities of `ids` (or of `url`), as tabs show them. */
export const activityListQuery = (ref: ActivityListRef) =>
  queryOptions({
    queryKey: [...ACTIVITY_KEY, 'list', ref],
    queryFn: ({ signal }) => api.get<ActivitySummary[]>('/api/activity/list', ref, { signal }),
  });

export const useActivityList = (ref: ActivityListRef, enabled = true) =>
  useQuery({ ...activityListQuery(ref), enabled });
