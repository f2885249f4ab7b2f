import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ad } from '@kc/domain';
import { api } from '../api/client';

/** The ad calls of SPEC §7 the shell and home page use, by path suffix ('' is the carousel). */
export type AdSlot = '' | 'top' | 'right' | 'common' | 'dbxfc';

/** The ad calls reply with one ad, a list, or nothing: the UI always works on a list. */
export function asAdList(data: Ad | Ad[] | null | undefined): Ad[] {
  if (!data) return [];
  const list = Array.isArray(data) ? data : [data];
  return list.filter((ad) => Boolean(ad?.image));
}

export const adsQuery = (position: AdSlot) =>
  queryOptions({
    queryKey: ['ads', position],
    queryFn: ({ signal }) =>
      // Silent: a missing ad must never interrupt shopping with an alert.
      api
        .get<Ad | Ad[] | null>(position ? `/api/focus/${position}` : '/api/focus', undefined, {
          signal,
          silent: true,
        })
        .then(asAdList),
    staleTime: 5 * 60_000,
  });

export function useAds(position: AdSlot, enabled = true) {
  return useQuery({ ...adsQuery(position), enabled });
}
