import { queryOptions } from '@tanstack/react-query';
import type { Ad } from '@kc/domain';
import { api } from '../../../shared/api';

/** `GET /api/draw/ads`: the pop-up's banner (the running draws' images). */
export const drawAdsQuery = queryOptions({
  queryKey: ['draw', 'ads'],
  queryFn: ({ signal }) => api.get<Ad[]>('/api/draw/ads', undefined, { silent: true, signal }),
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});
