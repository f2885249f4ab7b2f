import { queryOptions } from '@tanstack/react-query';
import type { MessageReadInput, MessageView, Paginated } from '@kc/domain';
import { api } from '../../../shared/api';

export const MESSAGES_KEY = ['user', 'message'] as const;

/** `GET /api/user/message`: a page of the member's messages; `is_read` 0/1 filters. */
export function messagesQuery(page: number, isRead?: 0 | 1) {
  return queryOptions({
    queryKey: [...MESSAGES_KEY, page, isRead ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<Paginated<MessageView>>(
        '/api/user/message',
        { page, page_size: 10, ...(isRead === undefined ? {} : { is_read: isRead }) },
        { signal },
      ),
  });
}

/** `GET /api/user/message/unread`. */
export const unreadQuery = queryOptions({
  queryKey: [...MESSAGES_KEY, 'unread'],
  queryFn: ({ signal }) => api.get<{ count: number }>('/api/user/message/unread', undefined, { signal }),
});

/** `POST /api/user/message/read`: `ids` or `all=1`; replies how many were newly read. */
export function markRead(input: MessageReadInput): Promise<{ count: number }> {
  return api.post<{ count: number }>('/api/user/message/read', { ...input });
}
