/**
 * Customer-service chat (在线客服, issue 14 §7): one conversation per member with the
 * wholesaler's 客服, kept in the database; messages are sent by HTTP (validated, XSRF-checked,
 * rate-limited like every write) and arrive in real time over a WebSocket (`/api/chat/ws` for
 * members, `/api/admin/chat/ws` for operators), across instances through the bus.
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema } from './api.js';

export const CHAT = {
  /** Longest text message, in characters. */
  maxText: 500,
  /** Messages per history page. */
  pageSize: 30,
  /** An image: JPG or PNG (typed by its bytes), at most 5 MB, in the multipart field `image`. */
  image: { field: 'image', maxBytes: 5 * 1024 * 1024, types: ['jpg', 'png'] },
  /** The member's WebSocket path and the operator's. */
  memberSocket: '/api/chat/ws',
  operatorSocket: '/api/admin/chat/ws',
  /** The close code of a socket whose session ended: the page stops reconnecting. */
  sessionEndedClose: 4401,
  /** Refusal when the member's account has no chat (is_can_chat = 0). */
  notEnabled: '您的账号暂未开通在线客服，请通过QQ联系客服',
} as const;

/** What a refused chat image is told, the same on the server (by its bytes) and in both web apps. */
export const CHAT_IMAGE_REFUSALS = {
  size: '图片不能超过5MB',
  type: '仅支持JPG或PNG图片',
  count: '一次只能发送一张图片',
  missing: '请选择图片',
} as const;

/** The file name endings and MIME types of the chat's image types. */
const CHAT_IMAGE_FILES = [
  { ext: ['jpg', 'jpeg'], mime: 'image/jpeg' },
  { ext: ['png'], mime: 'image/png' },
] as const;

/** The file picker's `accept` for chat images. */
export const CHAT_IMAGE_ACCEPT = CHAT_IMAGE_FILES.flatMap((t) => [...t.ext.map((e) => `.${e}`), t.mime]).join(
  ',',
);

/**
 * Why an image may not be sent, checked in the browser before uploading (by its name and the
 * type the browser gives; the server then checks its bytes), or null.
 */
export function chatImageProblem(file: { name: string; type: string; size: number }): string | null {
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const typed = CHAT_IMAGE_FILES.some(
    (t) => (t.ext as readonly string[]).includes(ext) && (!file.type || file.type === t.mime),
  );
  if (!typed) return CHAT_IMAGE_REFUSALS.type;
  if (file.size > CHAT.image.maxBytes) return CHAT_IMAGE_REFUSALS.size;
  return null;
}

/** `POST /api/user/chat/messages`, `POST /api/admin/chat/conversations/:id/messages`. */
export const chatSendSchema = z.object({
  content: z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: '消息格式有误' })
      .trim()
      .min(1, { message: '请输入消息内容' })
      .max(CHAT.maxText, { message: `消息不能超过${CHAT.maxText}个字` }),
  ),
});
export type ChatSendInput = z.infer<typeof chatSendSchema>;

/** History, newest page first: `before_id` pages back from a message (exclusive). */
export const chatHistorySchema = z.object({
  before_id: z.preprocess((v) => (v === '' || v == null ? undefined : v), idSchema.optional()),
  limit: z.coerce
    .number({ error: '数量必须是数字' })
    .int({ message: '数量必须是整数' })
    .min(1, { message: '数量不能小于1' })
    .max(100, { message: '数量不能大于100' })
    .default(CHAT.pageSize),
});
export type ChatHistoryQuery = z.infer<typeof chatHistorySchema>;

/** `GET /api/admin/chat/conversations`. */
export const chatConversationListSchema = pageQuerySchema.extend({
  keyword: z.preprocess(
    (v) => (v == null ? '' : v),
    z.string({ error: '关键字格式有误' }).trim().max(50, { message: '关键字不能超过50个字' }),
  ),
  /** '1': only conversations with messages the 客服 has not read. */
  unread: z.preprocess((v) => v === '1' || v === 1 || v === true, z.boolean()),
});
export type ChatConversationListQuery = z.infer<typeof chatConversationListSchema>;

export type ChatSender = 'member' | 'service';

/** One message as both sides see it. */
export interface ChatMessageView {
  id: number;
  conversation_id: number;
  from: ChatSender;
  /** The 客服's name or the member's company. */
  sender_name: string;
  kind: 'text' | 'image';
  /** The text; '' for an image. Plain text: clients render it as text, never as HTML. */
  content: string;
  /** For an image, the URL of its bytes for this reader ('' for text). */
  image_url: string;
  /** 'YYYY-MM-DD HH:mm:ss', Beijing time. */
  created_at: string;
}

/** `GET /api/user/chat`: the member's side of their conversation. */
export interface ChatSessionView {
  conversation_id: number;
  /** The member's assigned 客服 (SPEC §3 User.admin), null when none is assigned. */
  service: { name: string; phone: string } | null;
  /** Messages from the 客服 the member has not read. */
  unread: number;
}

/** History page: oldest first within the page; `has_more` when older messages exist. */
export interface ChatHistoryView {
  list: ChatMessageView[];
  has_more: boolean;
}

/** A conversation in the 客服's console list. */
export interface ChatConversationView {
  id: number;
  member: { id: number; username: string; company: string; name: string; phone: string };
  /** The member's assigned 客服 card name ('' when none). */
  service_name: string;
  /** The newest message as a line of text ('[图片]' for an image), '' when there is none. */
  last_message: string;
  last_at: string;
  /** Messages from the member the 客服 side has not read. */
  unread: number;
}

/** The member's recent orders beside the conversation. */
export interface ChatMemberOrderView {
  id: number;
  sn: string;
  status_text: string;
  /** Yuan, two decimals. */
  amount: string;
  lines: number;
  created_at: string;
}

/** What a socket receives (JSON text frames). */
export type ChatSocketEvent =
  | { type: 'ready' }
  | { type: 'message'; message: ChatMessageView }
  /** The other side read everything up to now in this conversation. */
  | { type: 'read'; conversation_id: number; by: ChatSender };
