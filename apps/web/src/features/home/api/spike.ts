import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpikeSession } from '@kc/domain';
import { api } from '../../../shared/api/client';

/**
 * `GET /api/index/spike`: the running flash-sale session (times are ten-digit seconds, read
 * with toMillis). Null is accepted too, for a day without a sale.
 */
export const spikeQuery = queryOptions({
  queryKey: ['index', 'spike'],
  queryFn: ({ signal }) =>
    api.get<SpikeSession | null>('/api/index/spike', undefined, { signal, silent: true }),
  staleTime: 60_000,
});

export const useSpike = () => useQuery(spikeQuery);
