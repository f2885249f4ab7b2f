import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ARTICLE_IMAGE_RULES,
  type AdminArticleCategory,
  type AdminArticleDetail,
  type AdminArticleView,
} from '@kc/domain';
import { api, type Params } from '../../../shared/api';

export const ARTICLES_PATH = '/api/admin/articles';
export const CATEGORIES_PATH = '/api/admin/article_categories';

/** `GET /api/admin/article_categories`: the roots with their columns. */
export function useArticleCategories() {
  return useQuery({
    queryKey: ['admin', CATEGORIES_PATH],
    queryFn: ({ signal }) => api.get<AdminArticleCategory[]>(CATEGORIES_PATH, undefined, { signal }),
  });
}

/** `GET /api/admin/articles/{id}`: with the body, for the editor. */
export function useArticleDetail(id: number | null) {
  return useQuery({
    queryKey: ['admin', ARTICLES_PATH, 'detail', id],
    queryFn: ({ signal }) => api.get<AdminArticleDetail>(`${ARTICLES_PATH}/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
}

/** Any article or category write; the lists (and the counts per category) are read again. */
function useContentWrite<T>(send: (v: { path: string; body: Params; create: boolean }) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['admin', ARTICLES_PATH] }),
        qc.invalidateQueries({ queryKey: ['admin', CATEGORIES_PATH] }),
      ]),
  });
}

/** `POST /api/admin/articles` (create), `PUT /api/admin/articles/{id}` and `…/{id}/published`. */
export const useArticleWrite = () =>
  useContentWrite(({ path, body, create }) =>
    create ? api.post<AdminArticleView>(path, body) : api.put<AdminArticleView>(path, body),
  );

/** `POST /api/admin/article_categories` (create) and `PUT /api/admin/article_categories/{id}`. */
export const useCategoryWrite = () =>
  useContentWrite(({ path, body, create }) =>
    create ? api.post<AdminArticleCategory>(path, body) : api.put<AdminArticleCategory>(path, body),
  );

/** `POST /api/admin/articles/images`: the image's public address for the article body. */
export async function uploadArticleImage(file: File): Promise<string> {
  const { url } = await api.upload<{ url: string }>(
    `${ARTICLES_PATH}/images`,
    {},
    { [ARTICLE_IMAGE_RULES.field]: file },
  );
  return url;
}
