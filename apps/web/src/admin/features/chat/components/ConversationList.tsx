import { useState } from 'react';
import { Badge, Empty, Input, Pagination, Spin, Switch } from 'antd';
import type { ChatConversationView } from '@kc/domain';
import { CONVERSATION_PAGE_SIZE, useConversations, useUnreadTotal, type ConversationFilters } from '../api';
import s from './chat.module.css';

/** 'YYYY-MM-DD HH:mm:ss' as 'MM-DD HH:mm' (the list's column is narrow). */
export const shortTime = (at: string) => (at.length >= 16 ? at.slice(5, 16) : at);

/** Who the member is, under the company: contact name and username. */
const memberLine = (m: ChatConversationView['member']) =>
  m.name && m.name !== m.username ? `${m.name}（${m.username}）` : m.username;

function Item({
  c,
  selected,
  onSelect,
}: {
  c: ChatConversationView;
  selected: boolean;
  onSelect: (id: number) => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={`${s.item} ${selected ? s.selected : ''}`}
        aria-current={selected ? 'true' : undefined}
        data-conversation={c.id}
        onClick={() => onSelect(c.id)}
      >
        <div className={s.headRow}>
          <span className={s.company} title={c.member.company}>
            {c.member.company || c.member.username}
          </span>
          <span className={s.muted}>{c.last_at ? shortTime(c.last_at) : ''}</span>
        </div>
        <div className={s.muted}>{memberLine(c.member)}</div>
        <div className={s.headRow}>
          <span className={s.preview} title={c.last_message}>
            {c.last_message || '暂无消息'}
          </span>
          {c.unread > 0 && (
            <span aria-label={`${c.unread}条未读`}>
              <Badge count={c.unread} overflowCount={99} size="small" />
            </span>
          )}
        </div>
      </button>
    </li>
  );
}

/**
 * The console's left column: the conversations, newest activity first, searched by keyword
 * (company, name, username, phone) or only the unread ones; the open one is highlighted.
 */
export function ConversationList({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const [filters, setFilters] = useState<ConversationFilters>({ keyword: '', unread: false });
  const [page, setPage] = useState(1);
  const list = useConversations(filters, page);
  const unread = useUnreadTotal().data?.unread ?? 0;
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;

  const filter = (next: Partial<ConversationFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };

  return (
    <section className={s.column} aria-label="会话列表">
      <div className={s.columnHead}>
        <div className={s.headRow}>
          <span className={s.title}>会话</span>
          <span className={s.muted}>
            未读消息 <Badge count={unread} showZero color={unread ? undefined : '#bfbfbf'} size="small" />
          </span>
        </div>
        <Input.Search
          allowClear
          placeholder="企业/联系人/用户名/手机"
          aria-label="搜索会话"
          maxLength={50}
          onSearch={(v) => filter({ keyword: v.trim() })}
        />
        <label className={s.headRow}>
          <span>只看未读</span>
          <Switch
            size="small"
            aria-label="只看未读"
            checked={filters.unread}
            onChange={(on) => filter({ unread: on })}
          />
        </label>
      </div>
      <div className={s.list}>
        {rows.length ? (
          <ul className={s.plain}>
            {rows.map((c) => (
              <Item key={c.id} c={c} selected={c.id === selectedId} onSelect={onSelect} />
            ))}
          </ul>
        ) : list.isPending ? (
          <div className={s.empty}>
            <Spin />
          </div>
        ) : (
          <Empty
            className={s.empty}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filters.unread || filters.keyword ? '没有符合条件的会话' : '暂无会话'}
          />
        )}
      </div>
      {total > CONVERSATION_PAGE_SIZE && (
        <div className={s.pager}>
          <Pagination
            simple
            size="small"
            current={page}
            pageSize={CONVERSATION_PAGE_SIZE}
            total={total}
            onChange={setPage}
          />
        </div>
      )}
    </section>
  );
}
