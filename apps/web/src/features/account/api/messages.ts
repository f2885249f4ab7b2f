import { queryOptions } from '@tanstack/react-query';
import type {
  MessageKind,
  MessageReadInput,
  MessageSettingsView,
  MessageView,
  Paginated,
  UnreadMessagesView,
} from '@kc/domain';
import { api } from '../../../shared/api';

export const MESSAGES_KEY = ['user', 'message'] as const;

/** `GET /api/user/message`: a page of the member's messages; `is_read` 0/1 and `kind` filter. */
export function messagesQuery(page: number, isRead?: 0 | 1, kind?: MessageKind) {
  return queryOptions({
    queryKey: [...MESSAGES_KEY, page, isRead ?? 'all', kind ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<Paginated<MessageView>>(
        '/api/user/message',
        {
          page,
          page_size: 10,
          ...(isRead === undefined ? {} : { is_read: isRead }),
          ...(kind ? { kind } : {}),
        },
        { signal },
      ),
  });
}

/** `GET /api/user/message/unread`: in all and by kind. */
export const unreadQuery = queryOptions({
  queryKey: [...MESSAGES_KEY, 'unread'],
  queryFn: ({ signal }) => api.get<UnreadMessagesView>('/api/user/message/unread', undefined, { signal }),
});

/** `GET /api/user/message/settings`: each kind on or off. */
export const messageSettingsQuery = queryOptions({
  queryKey: [...MESSAGES_KEY, 'settings'],
  queryFn: ({ signal }) => api.get<MessageSettingsView>('/api/user/message/settings', undefined, { signal }),
});

/** `POST /api/user/message/settings`: the optional kinds turned off. */
export function saveMessageSettings(muted: MessageKind[]): Promise<MessageSettingsView> {
  return api.post<MessageSettingsView>('/api/user/message/settings', { muted: muted.join(',') });
}

/** `POST /api/user/message/read`: `ids` or `all=1`; replies how many were newly read. */
export function markRead(input: MessageReadInput): Promise<{ count: number }> {
  return api.post<{ count: number }>('/api/user/message/read', { ...input });
}
