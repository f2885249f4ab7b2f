import { queryOptions } from '@tanstack/react-query';
import type { DrawSimpleView } from '@kc/domain';
import { api } from '../../../shared/api';

/**
 * `GET /api/draw/simple`: the running draw and whether this member joined. Silent (a failure
 * only means no pop-up); fetched once: SPEC §4 wants no further requests after closing.
 */
export const drawSimpleQuery = queryOptions({
  queryKey: ['draw', 'simple'],
  queryFn: ({ signal }) =>
    api.get<DrawSimpleView | null>('/api/draw/simple', undefined, { silent: true, signal }),
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});
