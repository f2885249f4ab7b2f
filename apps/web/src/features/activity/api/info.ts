import { queryOptions, useQuery } from '@tanstack/react-query';
import { CODES, type ActivityView } from '@kc/domain';
import { api, isApiError } from '../../../shared/api';
import { ACTIVITY_KEY, type ActivityRef } from './keys';

/**
 * `GET /api/activity/info` (`id` or `url`): the activity as its page shows it, or null when
 * there is none (the server's 404 活动暂未开始, which the page states itself, so the call is
 * silent; any other failure is an error the page offers to retry).
 */
export const activityInfoQuery = (ref: ActivityRef) =>
  queryOptions({
    queryKey: [...ACTIVITY_KEY, 'info', ref],
    queryFn: async ({ signal }): Promise<ActivityView | null> => {
      try {
        return await api.get<ActivityView>('/api/activity/info', ref, { signal, silent: true });
      } catch (error) {
        if (isApiError(error) && error.code === CODES.notFound) return null;
        throw error;
      }
    },
  });

export const useActivityInfo = (ref: ActivityRef | null) =>
  useQuery({ ...activityInfoQuery(ref ?? { id: 0 }), enabled: ref !== null });
