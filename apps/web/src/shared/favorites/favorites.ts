import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavoriteCheck, GoodsItem, Paginated } from '@kc/domain';
import { api } from '../api';

/** A favourite as `GET /api/favorite` lists it. */
export type FavoriteItem = GoodsItem & { is_favorite: 1; favorited_at: string };

const ROOT = ['favorite'] as const;

export const favoriteListQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...ROOT, 'list', page, pageSize],
    queryFn: ({ signal }) =>
      api.get<Paginated<FavoriteItem>>('/api/favorite', { page, page_size: pageSize }, { signal }),
  });

export const useFavoriteList = (page: number, pageSize: number) =>
  useQuery({ ...favoriteListQuery(page, pageSize), placeholderData: keepPreviousData });

/**
 * Which of `ids` the member has favourited (`GET /api/favorite/check`), as a set. Visitors
 * ask nothing: their buttons start empty and a click sends them to log in.
 */
export function useFavoriteIds(ids: number[], enabled: boolean): ReadonlySet<number> {
  const key = [...ids].sort((a, b) => a - b);
  const { data } = useQuery({
    queryKey: [...ROOT, 'check', key],
    queryFn: ({ signal }) =>
      api.get<FavoriteCheck>('/api/favorite/check', { goods_ids: key.join(',') }, { signal, silent: true }),
    enabled: enabled && key.length > 0,
    staleTime: 30_000,
  });
  return new Set(data?.goods_ids ?? []);
}

/** Adds or cancels favourites; every favourite view refreshes afterwards. */
export function useFavoriteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, favorite }: { ids: number[]; favorite: boolean }) =>
      api.post<{ goods_ids: number[] }>(favorite ? '/api/favorite' : '/api/favorite/cancel', {
        goods_ids: ids,
      }),
    // The hearts change at once; the server's answer then refreshes every favourite view.
    onMutate: ({ ids, favorite }) => {
      client.setQueriesData<FavoriteCheck>({ queryKey: [...ROOT, 'check'] }, (old) => {
        if (!old) return old;
        const set = new Set(old.goods_ids);
        for (const id of ids) {
          if (favorite) set.add(id);
          else set.delete(id);
        }
        return { goods_ids: [...set] };
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}
