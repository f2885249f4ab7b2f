import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ad } from '@kc/domain';
import { api } from '../../../shared/api';

/** The reply of `GET /api/focus/login` may be one ad or a list; the page shows the first. */
function firstAd(reply: Ad | Ad[] | null | undefined): Ad | null {
  const ad = Array.isArray(reply) ? reply[0] : reply;
  return ad?.image ? ad : null;
}

/** The login page's ad: decoration only, so a failure shows nothing. */
export const loginAdQuery = queryOptions({
  queryKey: ['focus', 'login'],
  queryFn: async ({ signal }) => {
    const reply = await api
      .get<Ad | Ad[] | null>('/api/focus/login', undefined, { silent: true, signal })
      .catch(() => null);
    return firstAd(reply);
  },
  staleTime: 5 * 60_000,
});

export function useLoginAd(): Ad | null {
  return useQuery(loginAdQuery).data ?? null;
}
