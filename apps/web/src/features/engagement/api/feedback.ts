import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackInput, FeedbackView, Paginated } from '@kc/domain';
import { api } from '../../../shared/api';

const ROOT = ['user', 'feedback'] as const;
export const FEEDBACK_PAGE_SIZE = 10;

/** `GET /api/user/feedback`: my feedback with the replies, newest first. */
export const feedbackListQuery = (page: number) =>
  queryOptions({
    queryKey: [...ROOT, 'list', page],
    queryFn: ({ signal }) =>
      api.get<Paginated<FeedbackView>>(
        '/api/user/feedback',
        { page, page_size: FEEDBACK_PAGE_SIZE },
        { signal },
      ),
  });
export const useFeedbackList = (page: number) =>
  useQuery({ ...feedbackListQuery(page), placeholderData: keepPreviousData });

/** `POST /api/user/feedback` (multipart): the fields, each image an `images` file part. */
export function useFeedbackCreate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, images }: { input: FeedbackInput; images: readonly File[] }) =>
      api.upload<FeedbackView>('/api/user/feedback', { ...input }, { images }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}
