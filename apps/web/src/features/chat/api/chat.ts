import { CHAT, type ChatHistoryView, type ChatMessageView } from '@kc/domain';
import { api } from '../../../shared/api';

export { CHAT_SESSION_KEY, chatSessionQuery } from './session';

/** `GET /api/user/chat/messages`: the newest page, or the page before `beforeId`; oldest first. */
export const fetchChatHistory = (beforeId?: number, signal?: AbortSignal) =>
  api.get<ChatHistoryView>(
    '/api/user/chat/messages',
    { limit: CHAT.pageSize, ...(beforeId ? { before_id: beforeId } : {}) },
    { signal },
  );

/** `POST /api/user/chat/messages`: a text message (validated with chatSendSchema first). */
export const sendChatText = (content: string) =>
  api.post<ChatMessageView>('/api/user/chat/messages', { content });

/** `POST /api/user/chat/images` (multipart): one JPG or PNG in the field `image`. */
export const sendChatImage = (file: File) =>
  api.upload<ChatMessageView>('/api/user/chat/images', {}, { [CHAT.image.field]: file });

/** `POST /api/user/chat/read`: everything from the 客服 is read. Silent: a badge is not worth an alert. */
export const markChatRead = () =>
  api.post<{ unread: number }>('/api/user/chat/read', undefined, { silent: true });
