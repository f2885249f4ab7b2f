import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommonData } from '@kc/domain';
import { api } from '../api/client';

/**
 * `GET /api/common`: categories, nav, hot searches, brands and site texts. Every layout part
 * and the home page read this one query, so the page makes a single request for it.
 */
export const commonQuery = queryOptions({
  queryKey: ['common'],
  queryFn: ({ signal }) => api.get<CommonData>('/api/common', undefined, { signal }),
  // The operator edits these rarely; five minutes keeps navigation free of refetches.
  staleTime: 5 * 60_000,
});

export function useCommon() {
  return useQuery(commonQuery);
}
