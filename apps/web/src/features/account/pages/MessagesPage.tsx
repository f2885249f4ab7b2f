import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, List, Modal, Segmented, Space, Switch, Tabs, Tag } from 'antd';
import {
  MESSAGE_KINDS,
  MESSAGE_KIND_LIST,
  type MessageKind,
  type MessageReadInput,
  type MessageSettingsView,
  type MessageView,
} from '@kc/domain';
import {
  MESSAGES_KEY,
  markRead,
  messageSettingsQuery,
  messagesQuery,
  saveMessageSettings,
  unreadQuery,
} from '../api/messages';
import { USER_KEY } from '../../../shared/session/keys';
import { AccountShell } from '../../../shared/member/AccountShell';

/** 消息设置: a switch per kind; the required kinds stay on. */
function SettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const settings = useQuery({ ...messageSettingsQuery, enabled: open });
  const save = useMutation({
    mutationFn: saveMessageSettings,
    onSuccess: (data: MessageSettingsView) => {
      queryClient.setQueryData(messageSettingsQuery.queryKey, data);
      void message.success('消息设置已保存');
    },
  });
  const kinds = settings.data?.kinds ?? [];
  const toggle = (kind: MessageKind, on: boolean) =>
    save.mutate(kinds.filter((k) => (k.kind === kind ? !on : !k.enabled)).map((k) => k.kind));
  return (
    <Modal title="消息设置" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <p style={{ color: '#666' }}>
        关闭的类型将不再接收新消息；资质与证照、系统通知关系到采购资格，必须接收。
      </p>
      <List
        loading={settings.isLoading}
        dataSource={kinds}
        renderItem={(k) => (
          <List.Item
            actions={[
              <Switch
                key="on"
                aria-label={`接收${k.label}消息`}
                checked={k.enabled === 1}
                disabled={k.required === 1}
                loading={save.isPending}
                onChange={(on) => toggle(k.kind, on)}
              />,
            ]}
          >
            {k.label}
            {k.required === 1 && <Tag style={{ marginLeft: 8 }}>必收</Tag>}
          </List.Item>
        )}
      />
    </Modal>
  );
}
type Filter = 'all' | 'unread' | 'read';
const FILTER_READ: Record<Filter, 0 | 1 | undefined> = { all: undefined, unread: 0, read: 1 };

/** /wdxx: the member's messages; reading one lowers the toolbar's unread badge. */
export function MessagesPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [kind, setKind] = useState<MessageKind | 'all'>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const messages = useQuery(messagesQuery(page, FILTER_READ[filter], kind === 'all' ? undefined : kind));
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
        <Space>
          <Button onClick={() => setSettingsOpen(true)}>消息设置</Button>
          <Button
            disabled={unreadCount === 0}
            loading={read.isPending}
            onClick={() => read.mutate({ all: 1 })}
          >
            全部标为已读
          </Button>
        </Space>
      }
    >
      <SettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <Tabs
        activeKey={kind}
        onChange={(k) => {
          setKind(k as MessageKind | 'all');
          setPage(1);
        }}
        items={[
          { key: 'all', label: '全部' },
          ...MESSAGE_KIND_LIST.map((k) => ({
            key: k,
            label: (
              <Badge count={unread.data?.by_kind[k] ?? 0} size="small" offset={[8, -2]}>
                {MESSAGE_KINDS[k]}
              </Badge>
            ),
          })),
        ]}
      />
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
                  <Tag style={{ marginLeft: 6 }}>{MESSAGE_KINDS[m.kind] ?? m.kind}</Tag>
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
