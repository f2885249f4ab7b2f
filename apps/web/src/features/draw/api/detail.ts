import { queryOptions } from '@tanstack/react-query';
import type { DrawDetailView } from '@kc/domain';
import { api } from '../../../shared/api';

/** `GET /api/draw?id=`: the draw's prizes for the pop-up. */
export const drawDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['draw', 'detail', id],
    queryFn: ({ signal }) => api.get<DrawDetailView>('/api/draw', { id }, { silent: true, signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
