import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  LIMITS,
  type ArticleDetail,
  type ArticleListItem,
  type HelpCategory,
  type Paginated,
} from '@kc/domain';
import { api } from '../../../shared/api';

/**
 * `GET /api/article/category?category_id=3`: the help columns with their articles. The same
 * key as the footer's query, so the help centre's menu reuses what the footer loaded.
 */
export const helpColumnsQuery = queryOptions({
  queryKey: ['article', 'category', LIMITS.footerHelpCategoryId],
  queryFn: ({ signal }) =>
    api.get<HelpCategory[]>(
      '/api/article/category',
      { category_id: LIMITS.footerHelpCategoryId },
      { signal, silent: true },
    ),
  staleTime: 30 * 60_000,
});
export const useHelpColumns = () => useQuery(helpColumnsQuery);

/** `GET /api/article/detail/:id`: one published article; 404 shows the page's own notice. */
export const articleQuery = (id: number) =>
  queryOptions({
    queryKey: ['article', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<ArticleDetail>(`/api/article/detail/${id}`, undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
export const useArticle = (id: number | null) => useQuery({ ...articleQuery(id ?? 0), enabled: id !== null });

export const NEWS_PAGE_SIZE = 10;

/** `GET /api/article/list`: a news category's articles, newest first. */
export const newsQuery = (categoryId: number, page: number) =>
  queryOptions({
    queryKey: ['article', 'list', categoryId, page],
    queryFn: ({ signal }) =>
      api.get<Paginated<ArticleListItem>>(
        '/api/article/list',
        { category_id: categoryId, page, page_size: NEWS_PAGE_SIZE },
        { signal },
      ),
    staleTime: 60_000,
  });
export const useNews = (categoryId: number, page: number) =>
  useQuery({ ...newsQuery(categoryId, page), placeholderData: keepPreviousData });
