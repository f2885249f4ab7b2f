import { queryOptions } from '@tanstack/react-query';
import type { ChatSessionView } from '@kc/domain';
import { api } from '../../../shared/api';

// Its own module, with types only from @kc/domain: the right toolbar imports it on every page,
// and a value import of the domain's chat module would bring its zod schemas (and zod) into the
// home page's first load (bench/src/first-load-budget.ts).

/** Every chat query key starts here. */
export const CHAT_SESSION_KEY = ['user', 'chat', 'session'] as const;

/**
 * `GET /api/user/chat`: the member's conversation, their 客服 and the unread count. Silent:
 * the toolbar's badge must not raise alerts on every page, and the chat page shows a refusal
 * (403 CHAT.notEnabled) or a failure itself.
 */
export const chatSessionQuery = queryOptions({
  queryKey: CHAT_SESSION_KEY,
  queryFn: ({ signal }) => api.get<ChatSessionView>('/api/user/chat', undefined, { silent: true, signal }),
  staleTime: 30_000,
});
