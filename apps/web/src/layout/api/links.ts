import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpCategory, SideLink } from '@kc/domain';
import { LIMITS } from '@kc/domain';
import { api } from '../../shared/api/client';

/** `GET /api/global/links`: the side links stacked at the page edge. */
export const sideLinksQuery = queryOptions({
  queryKey: ['global', 'links'],
  queryFn: ({ signal }) => api.get<SideLink[]>('/api/global/links', undefined, { signal, silent: true }),
  staleTime: 5 * 60_000,
});

/** `GET /api/article/category?category_id=3`: the footer's help columns (SPEC §9). */
export const helpCategoriesQuery = queryOptions({
  queryKey: ['article', 'category', LIMITS.footerHelpCategoryId],
  queryFn: ({ signal }) =>
    api.get<HelpCategory[]>(
      '/api/article/category',
      { category_id: LIMITS.footerHelpCategoryId },
      { signal, silent: true },
    ),
  staleTime: 30 * 60_000,
});

export const useSideLinks = (enabled: boolean) => useQuery({ ...sideLinksQuery, enabled });
export const useHelpCategories = (enabled: boolean) => useQuery({ ...helpCategoriesQuery, enabled });
