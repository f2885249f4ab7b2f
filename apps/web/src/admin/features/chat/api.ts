import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  CHAT,
  type ChatConversationView,
  type ChatHistoryView,
  type ChatMemberOrderView,
  type ChatMessageView,
  type Paginated,
} from '@kc/domain';
import { mergeMessages } from '../../../shared/chat';
import { api } from '../../../shared/api';

/** The console's calls start here; every query key starts with `['admin', CHAT_PATH]`. */
export const CHAT_PATH = '/api/admin/chat';
export const CONVERSATIONS_PATH = `${CHAT_PATH}/conversations`;
const conversationPath = (id: number) => `${CONVERSATIONS_PATH}/${id}`;

/** Conversations per page in the console's list. */
export const CONVERSATION_PAGE_SIZE = 20;

export interface ConversationFilters {
  keyword: string;
  unread: boolean;
}

export const chatKeys = {
  all: ['admin', CHAT_PATH] as const,
  conversations: ['admin', CHAT_PATH, 'conversations'] as const,
  conversationList: (filters: ConversationFilters, page: number) =>
    ['admin', CHAT_PATH, 'conversations', filters, page] as const,
  conversation: (id: number) => ['admin', CHAT_PATH, 'conversation', id] as const,
  messages: (id: number) => ['admin', CHAT_PATH, 'messages', id] as const,
  orders: (id: number) => ['admin', CHAT_PATH, 'orders', id] as const,
  unread: ['admin', CHAT_PATH, 'unread'] as const,
};

/** `GET /api/admin/chat/conversations`: newest activity first, by keyword, or only the unread. */
export function useConversations(filters: ConversationFilters, page: number) {
  return useQuery({
    queryKey: chatKeys.conversationList(filters, page),
    queryFn: ({ signal }) =>
      api.get<Paginated<ChatConversationView>>(
        CONVERSATIONS_PATH,
        {
          page,
          page_size: CONVERSATION_PAGE_SIZE,
          keyword: filters.keyword || undefined,
          unread: filters.unread ? 1 : undefined,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * `GET /api/admin/chat/unread`: messages from members no 客服 has read yet. `poll` reads it
 * again every 30 s (the side menu, which holds no socket; the console refreshes it on events).
 */
export function useUnreadTotal(poll = false) {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => api.get<{ unread: number }>(`${CHAT_PATH}/unread`, undefined, { signal }),
    staleTime: 0,
    refetchInterval: poll ? 30_000 : false,
  });
}

/** `GET /api/admin/chat/conversations/:id`: the open conversation's member. */
export function useConversation(id: number | null) {
  return useQuery({
    queryKey: chatKeys.conversation(id ?? 0),
    queryFn: ({ signal }) => api.get<ChatConversationView>(conversationPath(id!), undefined, { signal }),
    enabled: id !== null,
  });
}

/** `GET /api/admin/chat/conversations/:id/orders`: the member's ten newest orders. */
export function useMemberOrders(id: number | null) {
  return useQuery({
    queryKey: chatKeys.orders(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<ChatMemberOrderView[]>(`${conversationPath(id!)}/orders`, undefined, { signal }),
    enabled: id !== null,
  });
}

/**
 * `GET /api/admin/chat/conversations/:id/messages`: the newest page first, then older pages by
 * `before_id` (加载更早消息). New messages (sent here or pushed by the socket) are merged into
 * the cached pages by `addMessages`.
 */
export function useMessages(id: number | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(id ?? 0),
    queryFn: ({ pageParam, signal }) =>
      api.get<ChatHistoryView>(
        `${conversationPath(id!)}/messages`,
        { before_id: pageParam, limit: CHAT.pageSize },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more && last.list.length ? last.list[0]!.id : undefined),
    enabled: id !== null,
  });
}

/** Every loaded message of a conversation, oldest first, without duplicates. */
export function messagesOf(data: InfiniteData<ChatHistoryView> | undefined): ChatMessageView[] {
  return data
    ? mergeMessages(
        [],
        data.pages.flatMap((p) => p.list),
      )
    : [];
}

/** Puts messages into their conversation's cached history (when it has been loaded). */
export function addMessages(qc: QueryClient, conversationId: number, messages: readonly ChatMessageView[]) {
  qc.setQueryData<InfiniteData<ChatHistoryView>>(chatKeys.messages(conversationId), (data) => {
    if (!data?.pages.length) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest!, list: mergeMessages(newest!.list, messages) }, ...older] };
  });
}

/**
 * `POST /api/admin/chat/conversations/:id/read`: the 客服 side has read the conversation. Its
 * badge in the list goes at once; the unread total (and, after a new message, the list) is
 * read again.
 */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; refreshList?: boolean }) =>
      api.post<{ unread: number }>(`${conversationPath(id)}/read`, undefined, { silent: true }),
    onSuccess: (_reply, { id }) => {
      qc.setQueriesData<Paginated<ChatConversationView>>({ queryKey: chatKeys.conversations }, (page) =>
        page ? { ...page, list: page.list.map((c) => (c.id === id ? { ...c, unread: 0 } : c)) } : page,
      );
    },
    onSettled: (_reply, _error, { refreshList }) => {
      void qc.invalidateQueries({ queryKey: chatKeys.unread });
      if (refreshList) void qc.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}

/** `POST /api/admin/chat/conversations/:id/messages` {content}: the reply joins the log. */
export function useSendText(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.post<ChatMessageView>(`${conversationPath(id!)}/messages`, { content }),
    onSuccess: (m) => {
      addMessages(qc, m.conversation_id, [m]);
      void qc.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}

/** `POST /api/admin/chat/conversations/:id/images`, multipart `image`: the picture joins the log. */
export function useSendImage(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.upload<ChatMessageView>(`${conversationPath(id!)}/images`, {}, { [CHAT.image.field]: file }),
    onSuccess: (m) => {
      addMessages(qc, m.conversation_id, [m]);
      void qc.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}
