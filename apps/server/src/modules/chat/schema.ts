import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, operators, uploadedFiles } from '../account/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Customer-service chat (issue 14 §7): one conversation per member. The unread counters are
 * kept on the row, moved in the same transaction as the message that changes them, so the
 * console's list and badges are one indexed read.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** Messages from the 客服 side the member has not read, and the other way round. */
    memberUnread: integer('member_unread').notNull().default(0),
    serviceUnread: integer('service_unread').notNull().default(0),
    /** The newest message's id and time; null before the first message. */
    lastMessageId: integer('last_message_id'),
    lastAt: at('last_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_member_uq').on(t.memberId),
    index('chat_conversations_last_idx').on(sql`${t.lastAt} desc nulls last`, t.id),
  ],
);

/** One message: text, or an image kept as an uploaded file. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    sender: text('sender').$type<'member' | 'service'>().notNull(),
    /** The operator who wrote a 客服 message (null for the member's). */
    operatorId: integer('operator_id').references(() => operators.id),
    kind: text('kind').$type<'text' | 'image'>().notNull(),
    content: text('content').notNull().default(''),
    fileId: integer('file_id').references(() => uploadedFiles.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    index('chat_messages_file_idx').on(t.fileId),
    check('chat_messages_sender_ck', sql`${t.sender} in ('member', 'service')`),
    check('chat_messages_kind_ck', sql`${t.kind} in ('text', 'image')`),
  ],
);
