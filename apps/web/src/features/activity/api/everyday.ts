import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EverydayPrice } from '@kc/domain';
import { api } from '../../../shared/api';
import { ACTIVITY_KEY } from './keys';

/** `GET /api/activity/everyday_price`: today's daily specials and when today's session ends. */
export const everydayPriceQuery = queryOptions({
  queryKey: [...ACTIVITY_KEY, 'everyday-price'],
  queryFn: ({ signal }) => api.get<EverydayPrice>('/api/activity/everyday_price', undefined, { signal }),
});

export const useEverydayPrice = () => useQuery(everydayPriceQuery);
