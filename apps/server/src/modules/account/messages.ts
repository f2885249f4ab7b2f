import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  MESSAGE_KINDS,
  MESSAGE_KIND_LIST,
  REQUIRED_MESSAGE_KINDS,
  paginate,
  type MessageKind,
  type MessageListQuery,
  type MessageSettingsView,
  type MessageView,
  type Paginated,
  type UnreadMessagesView,
} from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { memberMessages, memberSettings } from './schema.js';

/**
 * Sends a message to a member (review results, orders, coupons, answers), unless the member
 * turned its kind off (我的消息 › 消息设置): one statement either way.
 */
export async function postMessage(
  db: Queryable,
  memberId: number,
  kind: MessageKind,
  title: string,
  content: string,
  now: Date,
): Promise<void> {
  await db.execute(sql`insert into member_messages (member_id, kind, title, content, created_at)
    select ${memberId}, ${kind}, ${title}, ${content}, ${now}
    where not exists (select 1 from member_settings s where s.member_id = ${memberId} and ${kind} = any(s.muted_kinds))`);
}

/** `GET /api/user/message/settings`: each kind, on or off, and whether it may be turned off. */
export async function messageSettings(db: Queryable, memberId: number): Promise<MessageSettingsView> {
  const [row] = await db
    .select({ muted: memberSettings.mutedKinds })
    .from(memberSettings)
    .where(eq(memberSettings.memberId, memberId));
  const muted = new Set(row?.muted ?? []);
  return {
    kinds: MESSAGE_KIND_LIST.map((kind) => ({
      kind,
      label: MESSAGE_KINDS[kind],
      enabled: muted.has(kind) ? 0 : 1,
      required: REQUIRED_MESSAGE_KINDS.includes(kind) ? 1 : 0,
    })),
  };
}

/** `POST /api/user/message/settings`: the kinds turned off from now on (the rest on). */
export async function saveMessageSettings(
  db: Queryable,
  memberId: number,
  muted: readonly MessageKind[],
  now: Date,
): Promise<MessageSettingsView> {
  const kinds = [...new Set(muted)];
  await db
    .insert(memberSettings)
    .values({ memberId, mutedKinds: kinds, updatedAt: now })
    .onConflictDoUpdate({ target: memberSettings.memberId, set: { mutedKinds: kinds, updatedAt: now } });
  return messageSettings(db, memberId);
}

/** The member's unread messages, in all and by kind. */
export async function unreadByKind(db: Queryable, memberId: number): Promise<UnreadMessagesView> {
  const rows = rowsOf<{ kind: MessageKind; n: number }>(
    await db.execute(sql`select kind, count(*)::int as n from member_messages
      where member_id = ${memberId} and not is_read group by kind`),
  );
  const by_kind = Object.fromEntries(MESSAGE_KIND_LIST.map((k) => [k, 0])) as Record<MessageKind, number>;
  for (const r of rows) if (r.kind in by_kind) by_kind[r.kind] = r.n;
  return { count: rows.reduce((s, r) => s + r.n, 0), by_kind };
}

export async function unreadCount(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberMessages)
    .where(and(eq(memberMessages.memberId, memberId), eq(memberMessages.isRead, false)));
  return row?.n ?? 0;
}

export async function listMessages(
  db: Queryable,
  memberId: number,
  q: MessageListQuery,
): Promise<Paginated<MessageView>> {
  const where = and(
    eq(memberMessages.memberId, memberId),
    q.is_read === undefined ? undefined : eq(memberMessages.isRead, q.is_read === 1),
    q.kind ? eq(memberMessages.kind, q.kind) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(memberMessages).where(where);
  const rows = await db
    .select()
    .from(memberMessages)
    .where(where)
    .orderBy(desc(memberMessages.createdAt), desc(memberMessages.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  const list = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    content: r.content,
    is_read: r.isRead ? (1 as const) : (0 as const),
    created_at: r.createdAt.toISOString(),
  }));
  return paginate(list, total?.n ?? 0, q);
}

/** Marks the member's own messages read (ids of other members' messages are ignored). */
export async function markRead(
  db: Queryable,
  memberId: number,
  ids: readonly number[] | 'all',
): Promise<number> {
  const rows = await db
    .update(memberMessages)
    .set({ isRead: true })
    .where(
      and(
        eq(memberMessages.memberId, memberId),
        eq(memberMessages.isRead, false),
        ids === 'all' ? undefined : inArray(memberMessages.id, [...ids]),
      ),
    )
    .returning({ id: memberMessages.id });
  return rows.length;
}
