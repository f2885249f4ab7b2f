import { sql, type SQL } from 'drizzle-orm';
import {
  CHAT,
  ORDER_STATUS_TEXT,
  chinaDateTime,
  fenToYuan,
  paginate,
  type ChatConversationListQuery,
  type ChatConversationView,
  type ChatHistoryQuery,
  type ChatHistoryView,
  type ChatMemberOrderView,
  type ChatMessageView,
  type ChatSender,
  type ChatSessionView,
  type OperatorRole,
  type OrderStatus,
  type Paginated,
} from '@kc/domain';
import { rowsOf, type Db, type Queryable, escapeLike } from '../../platform/db.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { FILE_COLUMNS, fileBody, withUploads, type CheckedFile, type FileRow } from '../account/uploads.js';

/** Who reads a message: the member (their own image URLs) or the back office. */
export type ChatAudience = 'member' | 'operator';

/** An operator as the console's scope needs them. */
export interface ChatViewer {
  id: number;
  role: OperatorRole;
}

/**
 * A conversation's owner on the 客服 side: the operator linked to the member's service card,
 * or null when none is (every 客服 may answer it).
 */
export type ChatOwner = number | null;

const IMAGE_PATH: Record<ChatAudience, string> = {
  member: '/api/user/chat/images/',
  operator: '/api/admin/chat/images/',
};

/** A message with the image URL its reader fetches it from. */
export function forAudience(m: ChatMessageView, audience: ChatAudience): ChatMessageView {
  return m.kind === 'image' ? { ...m, image_url: `${IMAGE_PATH[audience]}${m.id}` } : m;
}

type MessageRow = {
  id: number;
  conversation_id: number;
  sender: ChatSender;
  kind: 'text' | 'image';
  content: string;
  created_at: Date | string;
  operator_name: string | null;
  company: string;
};

const MESSAGE_SELECT = sql`select m.id, m.conversation_id, m.sender, m.kind, m.content, m.created_at,
    o.name as operator_name, mb.company
  from chat_messages m
  join chat_conversations c on c.id = m.conversation_id
  join members mb on mb.id = c.member_id
  left join operators o on o.id = m.operator_id`;

const messageView = (r: MessageRow, audience: ChatAudience): ChatMessageView =>
  forAudience(
    {
      id: r.id,
      conversation_id: r.conversation_id,
      from: r.sender,
      sender_name: r.sender === 'member' ? r.company : r.operator_name || '客服',
      kind: r.kind,
      content: r.content,
      image_url: '',
      created_at: chinaDateTime(r.created_at),
    },
    audience,
  );

/** The member's conversation id, made on first use; 403 when their account has no chat. */
export async function memberConversation(db: Queryable, memberId: number, now: Date): Promise<number> {
  const [m] = rowsOf<{ is_can_chat: boolean }>(
    await db.execute(sql`select is_can_chat from members where id = ${memberId}`),
  );
  if (!m) throw notFound('会员不存在');
  if (!m.is_can_chat) throw forbidden(CHAT.notEnabled);
  const [made] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into chat_conversations (member_id, created_at) values (${memberId}, ${now})
      on conflict (member_id) do nothing returning id`),
  );
  if (made) return made.id;
  const [found] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from chat_conversations where member_id = ${memberId}`),
  );
  return found!.id;
}

/** `GET /api/user/chat`. */
export async function memberSession(db: Queryable, memberId: number, now: Date): Promise<ChatSessionView> {
  const id = await memberConversation(db, memberId, now);
  const [r] = rowsOf<{ member_unread: number; name: string | null; phone: string | null }>(
    await db.execute(sql`select c.member_unread, s.name, s.phone
      from chat_conversations c join members mb on mb.id = c.member_id
      left join service_staff s on s.id = mb.service_staff_id
      where c.id = ${id}`),
  );
  return {
    conversation_id: id,
    service: r?.name ? { name: r.name, phone: r.phone ?? '' } : null,
    unread: r?.member_unread ?? 0,
  };
}

/** A page of history, newest page first, oldest first within it. */
export async function history(
  db: Queryable,
  conversationId: number,
  q: ChatHistoryQuery,
  audience: ChatAudience,
): Promise<ChatHistoryView> {
  const before = q.before_id ? sql`and m.id < ${q.before_id}` : sql``;
  const rows = rowsOf<MessageRow>(
    await db.execute(sql`${MESSAGE_SELECT} where m.conversation_id = ${conversationId} ${before}
      order by m.id desc limit ${q.limit + 1}`),
  );
  const has_more = rows.length > q.limit;
  return {
    list: rows
      .slice(0, q.limit)
      .reverse()
      .map((r) => messageView(r, audience)),
    has_more,
  };
}

/** What a new message needs. */
export interface NewChatMessage {
  conversationId: number;
  sender: ChatSender;
  operatorId: number | null;
  content: string;
}

/** What the sockets are told of a new message. */
export interface ChatDelivery {
  message: ChatMessageView;
  memberId: number;
  owner: ChatOwner;
}

/**
 * Writes one message and moves the other side's unread counter in the same transaction (the
 * conversation row is updated, so two sends on one conversation are serialised there).
 */
async function insertMessage(
  tx: Queryable,
  m: NewChatMessage,
  kind: 'text' | 'image',
  fileId: number | null,
  now: Date,
): Promise<ChatDelivery> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into chat_messages (conversation_id, sender, operator_id, kind, content, file_id, created_at)
      values (${m.conversationId}, ${m.sender}, ${m.operatorId}, ${kind}, ${m.content}, ${fileId}, ${now})
      returning id`),
  );
  const counter =
    m.sender === 'member' ? sql`service_unread = service_unread + 1` : sql`member_unread = member_unread + 1`;
  const [c] = rowsOf<{ member_id: number; owner: number | null }>(
    await tx.execute(sql`update chat_conversations c set ${counter}, last_message_id = ${row!.id}, last_at = ${now}
      from members mb left join service_staff s on s.id = mb.service_staff_id
      where c.id = ${m.conversationId} and mb.id = c.member_id
      returning c.member_id, s.operator_id as owner`),
  );
  if (!c) throw notFound('会话不存在');
  const [r] = rowsOf<MessageRow>(await tx.execute(sql`${MESSAGE_SELECT} where m.id = ${row!.id}`));
  return { message: messageView(r!, 'member'), memberId: c.member_id, owner: c.owner };
}

/** A text message (the content already validated by chatSendSchema). */
export async function sendText(db: Db, m: NewChatMessage, now: Date): Promise<ChatDelivery> {
  return db.transaction((tx) => insertMessage(tx, m, 'text', null, now));
}

/** An image message: the file kept and the message written in one transaction. */
export async function sendImage(
  db: Db,
  m: NewChatMessage,
  file: CheckedFile,
  memberId: number | null,
  now: Date,
): Promise<ChatDelivery> {
  const upload = {
    mime: file.kind.mime,
    name: `聊天图片-${m.conversationId}.${file.kind.ext}`,
    bytes: file.bytes,
    sha256: file.sha256,
  };
  return withUploads(db, memberId, [upload], now, (tx, [fileId]) =>
    insertMessage(tx, { ...m, content: '' }, 'image', fileId!, now),
  );
}

/** Marks the other side's messages read for `reader`; answers who must be told. */
export async function markRead(
  db: Queryable,
  conversationId: number,
  reader: ChatSender,
): Promise<{ memberId: number; owner: ChatOwner; changed: boolean }> {
  const column = reader === 'member' ? sql`member_unread` : sql`service_unread`;
  const [c] = rowsOf<{ member_id: number; owner: number | null; before: number }>(
    await db.execute(sql`with old as (select id, ${column} as before from chat_conversations where id = ${conversationId} for update)
      update chat_conversations c set ${column} = 0
      from old, members mb left join service_staff s on s.id = mb.service_staff_id
      where c.id = old.id and mb.id = c.member_id
      returning c.member_id, s.operator_id as owner, old.before`),
  );
  if (!c) throw notFound('会话不存在');
  return { memberId: c.member_id, owner: c.owner, changed: c.before > 0 };
}

/** Whether an operator may see a conversation owned by `owner`: 管理员 all, 客服 their own and unowned. */
export const canSee = (viewer: ChatViewer, owner: ChatOwner) =>
  viewer.role === 'admin' || owner === null || owner === viewer.id;

/** The scope of `canSee` as SQL over `s` (the member's service card). */
const scopeOf = (viewer: ChatViewer): SQL =>
  viewer.role === 'admin' ? sql`true` : sql`(s.operator_id is null or s.operator_id = ${viewer.id})`;

type ConversationRow = {
  id: number;
  member_id: number;
  username: string;
  company: string;
  name: string;
  phone: string;
  service_name: string | null;
  last_kind: 'text' | 'image' | null;
  last_content: string | null;
  last_at: Date | string | null;
  service_unread: number;
};

const CONVERSATION_SELECT = sql`select c.id, c.member_id, mb.username, mb.company, mb.name, mb.phone,
    s.name as service_name, lm.kind as last_kind, lm.content as last_content, c.last_at, c.service_unread
  from chat_conversations c
  join members mb on mb.id = c.member_id
  left join service_staff s on s.id = mb.service_staff_id
  left join chat_messages lm on lm.id = c.last_message_id`;

const conversationView = (r: ConversationRow): ChatConversationView => ({
  id: r.id,
  member: { id: r.member_id, username: r.username, company: r.company, name: r.name, phone: r.phone },
  service_name: r.service_name ?? '',
  last_message: r.last_kind === 'image' ? '[图片]' : (r.last_content ?? '').replace(/\s+/g, ' ').slice(0, 60),
  last_at: r.last_at ? chinaDateTime(r.last_at) : '',
  unread: r.service_unread,
});

const like = (s: string) => `%${escapeLike(s)}%`;

/** The console's list: the viewer's conversations with a message, newest activity first. */
export async function listConversations(
  db: Queryable,
  viewer: ChatViewer,
  q: ChatConversationListQuery,
): Promise<Paginated<ChatConversationView>> {
  const where: SQL[] = [sql`c.last_message_id is not null`, scopeOf(viewer)];
  if (q.keyword) {
    const k = like(q.keyword);
    where.push(
      sql`(mb.company ilike ${k} or mb.username ilike ${k} or mb.name ilike ${k} or mb.phone like ${k})`,
    );
  }
  if (q.unread) where.push(sql`c.service_unread > 0`);
  const cond = sql.join(where, sql` and `);
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from chat_conversations c
      join members mb on mb.id = c.member_id left join service_staff s on s.id = mb.service_staff_id
      where ${cond}`),
  );
  const rows = rowsOf<ConversationRow>(
    await db.execute(sql`${CONVERSATION_SELECT} where ${cond}
      order by c.last_at desc nulls last, c.id desc
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  return paginate(rows.map(conversationView), count?.n ?? 0, q);
}

/** One conversation the viewer may see, else 404 (another 客服's is not theirs to find). */
export async function conversationFor(
  db: Queryable,
  viewer: ChatViewer,
  id: number,
): Promise<ChatConversationView> {
  const [r] = rowsOf<ConversationRow>(
    await db.execute(sql`${CONVERSATION_SELECT} where c.id = ${id} and ${scopeOf(viewer)}`),
  );
  if (!r) throw notFound('会话不存在');
  return conversationView(r);
}

/** Messages from members the viewer has not read, over their conversations. */
export async function unreadFor(db: Queryable, viewer: ChatViewer): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`select coalesce(sum(c.service_unread), 0)::int as n from chat_conversations c
      join members mb on mb.id = c.member_id left join service_staff s on s.id = mb.service_staff_id
      where ${scopeOf(viewer)}`),
  );
  return r?.n ?? 0;
}

/** The member's ten newest goods orders, for the console's side panel. */
export async function memberOrders(db: Queryable, memberId: number): Promise<ChatMemberOrderView[]> {
  const rows = rowsOf<{
    id: number;
    order_no: string;
    status: OrderStatus;
    payable: number;
    lines: number;
    created_at: Date | string;
  }>(
    await db.execute(sql`select o.id, o.order_no, o.status, o.payable, o.created_at,
        (select count(*)::int from order_lines l where l.order_id = o.id) as lines
      from orders o where o.member_id = ${memberId} and o.kind = 'goods'
      order by o.id desc limit 10`),
  );
  return rows.map((r) => ({
    id: r.id,
    sn: r.order_no,
    status_text: ORDER_STATUS_TEXT[r.status] ?? '',
    amount: fenToYuan(r.payable),
    lines: r.lines,
    created_at: chinaDateTime(r.created_at),
  }));
}

/**
 * An image message's bytes for its reader: the member of the conversation (`memberId`), or an
 * operator who may see it (`viewer`). Anything else is 404, like a message that is not there.
 */
export async function chatImage(
  db: Queryable,
  messageId: number,
  reader: { memberId: number } | { viewer: ChatViewer },
) {
  const scope = 'memberId' in reader ? sql`c.member_id = ${reader.memberId}` : scopeOf(reader.viewer);
  const [f] = rowsOf<FileRow>(
    await db.execute(sql`select ${FILE_COLUMNS}
      from chat_messages m join chat_conversations c on c.id = m.conversation_id
      join members mb on mb.id = c.member_id left join service_staff s on s.id = mb.service_staff_id
      join uploaded_files f on f.id = m.file_id
      where m.id = ${messageId} and m.kind = 'image' and ${scope}`),
  );
  if (!f) throw notFound('图片不存在');
  return fileBody(db, f);
}

/** The operator as the console's scope needs them (the admin plugin has already checked them). */
export async function viewerOf(db: Queryable, operatorId: number): Promise<ChatViewer> {
  const [r] = rowsOf<{ role: OperatorRole }>(
    await db.execute(sql`select role from operators where id = ${operatorId}`),
  );
  if (!r) throw forbidden();
  return { id: operatorId, role: r.role };
}
