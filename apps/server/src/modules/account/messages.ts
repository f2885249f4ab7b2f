import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { paginate, type MessageListQuery, type MessageView, type Paginated } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { memberMessages } from './schema.js';

/** Sends a message to a member (review results, notices). */
export async function postMessage(
  db: Queryable,
  memberId: number,
  kind: MessageView['kind'],
  title: string,
  content: string,
  now: Date,
): Promise<void> {
  await db.insert(memberMessages).values({ memberId, kind, title, content, createdAt: now });
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
