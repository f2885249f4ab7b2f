import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, List, Segmented, Tag } from 'antd';
import type { MessageReadInput, MessageView } from '@kc/domain';
import { MESSAGES_KEY, markRead, messagesQuery, unreadQuery } from '../api/messages';
import { USER_KEY } from '../../../shared/session/keys';
import { AccountShell } from '../../../shared/member/AccountShell';

const KIND: Record<MessageView['kind'], string> = {
  review: '审核',
  system: '系统',
  order: '订单',
  coupon: '优惠券',
  service: '求购与反馈',
};
type Filter = 'all' | 'unread' | 'read';
const FILTER_READ: Record<Filter, 0 | 1 | undefined> = { all: undefined, unread: 0, read: 1 };

/** /wdxx: the member's messages; reading one lowers the toolbar's unread badge. */
export function MessagesPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const messages = useQuery(messagesQuery(page, FILTER_READ[filter]));
  const unread = useQuery(unreadQuery);
  const read = useMutation({
    mutationFn: (input: MessageReadInput) => markRead(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
      // The right toolbar's badge reads message_count from the profile: read it again now.
      await queryClient.invalidateQueries({ queryKey: USER_KEY, refetchType: 'all' });
    },
  });
  const openMessage = (m: MessageView) => {
    setOpen(open === m.id ? null : m.id);
    if (m.is_read === 0) read.mutate({ ids: [m.id] });
  };
  const unreadCount = unread.data?.count ?? 0;

  return (
    <AccountShell
      title="我的消息"
      extra={
        <Button disabled={unreadCount === 0} loading={read.isPending} onClick={() => read.mutate({ all: 1 })}>
          全部标为已读
        </Button>
      }
    >
      <Segmented<Filter>
        value={filter}
        onChange={(v) => {
          setFilter(v);
          setPage(1);
        }}
        options={[
          { value: 'all', label: '全部' },
          { value: 'unread', label: `未读（${unreadCount}）` },
          { value: 'read', label: '已读' },
        ]}
        style={{ marginBottom: 16 }}
      />
      <List<MessageView>
        loading={messages.isLoading}
        dataSource={messages.data?.list ?? []}
        locale={{ emptyText: '暂无消息' }}
        pagination={
          (messages.data?.total ?? 0) > 10
            ? { current: page, pageSize: 10, total: messages.data?.total ?? 0, onChange: setPage }
            : false
        }
        renderItem={(m) => (
          <List.Item
            key={m.id}
            actions={[new Date(m.created_at).toLocaleString('zh-CN')]}
            style={{ cursor: 'pointer' }}
            onClick={() => openMessage(m)}
          >
            <List.Item.Meta
              title={
                <span>
                  <Badge status={m.is_read ? 'default' : 'error'} />
                  <Tag style={{ marginLeft: 6 }}>{KIND[m.kind]}</Tag>
                  <span style={{ fontWeight: m.is_read ? 400 : 600 }}>{m.title}</span>
                  {m.is_read === 0 && (
                    <span style={{ color: '#cf1322', fontSize: 12, marginLeft: 8 }}>未读</span>
                  )}
                </span>
              }
              description={
                open === m.id ? m.content : m.content.slice(0, 60) + (m.content.length > 60 ? '…' : '')
              }
            />
          </List.Item>
        )}
      />
    </AccountShell>
  );
}
