import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Input, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import {
  ACTIVITY_KIND_TEXT,
  ACTIVITY_KINDS,
  ACTIVITY_STATUS_TEXT,
  type ActivityAdminRow,
  type ActivityKindName,
} from '@kc/domain';
import { useCan, usePagedTable } from '../../../shared';
import { ACTIVITIES_PATH, useActivityWrite } from '../api';
import { ActivityDrawer } from '../components/ActivityDrawer';

const STATUS_COLOR: Record<number, string> = { 0: 'blue', 1: 'green', 2: 'default' };

/** What switching an activity on or off does, in the operator's words. */
function switchText(a: ActivityAdminRow, enable: boolean): string {
  if (a.kind === 'discount')
    return enable ? '启用后购物车立即按折扣价计算。' : '停用后购物车立即恢复原价，已下的订单不受影响。';
  return enable ? '启用后在活动时间内生效。' : '停用后立即不再生效，已下的订单不受影响。';
}

/**
 * 活动管理: every kind of activity with its window, state and orders; create and edit by kind,
 * the 启用/停用 switch on each row (the 94折 switch is the discount's) and the sales report.
 */
export function ActivitiesPage() {
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<ActivityKindName | ''>('');
  const [status, setStatus] = useState<'' | 0 | 1 | 2>('');
  const [drawer, setDrawer] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const { tableProps } = usePagedTable<ActivityAdminRow>(ACTIVITIES_PATH, { keyword, kind, status });
  const write = useActivityWrite();
  const { modal, message } = App.useApp();
  const editor = useCan()('marketing.edit');

  const toggle = (a: ActivityAdminRow, enable: boolean) =>
    modal.confirm({
      title: `${enable ? '启用' : '停用'}「${a.name}」？`,
      content: switchText(a, enable),
      okText: enable ? '启用' : '停用',
      okButtonProps: { danger: !enable },
      cancelText: '取消',
      onOk: async () => {
        await write.mutateAsync({ id: a.id, path: '/enabled', body: { enabled: enable } });
        void message.success(enable ? '已启用' : '已停用');
      },
    });

  const columns: TableColumnsType<ActivityAdminRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: '活动名称',
      dataIndex: 'name',
      width: 230,
      render: (name: string, a) => (
        <div>
          <div>{name}</div>
          <div style={{ color: '#999', fontSize: 12 }}>{a.summary}</div>
        </div>
      ),
    },
    { title: '类型', dataIndex: 'kind_text', width: 100 },
    { title: '页面', dataIndex: 'url', width: 130, render: (u: string) => u || '—' },
    {
      title: '活动时间',
      key: 'window',
      width: 180,
      render: (_: unknown, a) => (
        <div style={{ fontSize: 12 }}>
          <div>{a.start_time}</div>
          <div>至 {a.end_time}</div>
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: number, a) => <Tag color={a.enabled ? STATUS_COLOR[s] : 'red'}>{a.status_text}</Tag>,
    },
    {
      title: '启用',
      dataIndex: 'enabled',
      width: 80,
      render: (on: number, a) => (
        <Switch
          size="small"
          checked={on === 1}
          disabled={!editor}
          aria-label={`启用 ${a.name}`}
          onChange={(next) => toggle(a, next)}
        />
      ),
    },
    { title: '订单数', dataIndex: 'orders', width: 80 },
    {
      title: '操作',
      key: 'op',
      width: 140,
      fixed: 'right',
      render: (_: unknown, a) => (
        <Space size={0}>
          {editor && (
            <Button type="link" size="small" onClick={() => setDrawer({ open: true, id: a.id })}>
              编辑
            </Button>
          )}
          <Link to={`/activities/${a.id}/report`}>
            <Button type="link" size="small">
              报表
            </Button>
          </Link>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="活动名称"
          allowClear
          enterButton="搜索"
          style={{ width: 240 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        <Select
          aria-label="活动类型"
          style={{ width: 140 }}
          value={kind}
          onChange={setKind}
          options={[
            { value: '', label: '全部类型' },
            ...ACTIVITY_KINDS.map((k) => ({ value: k, label: ACTIVITY_KIND_TEXT[k] })),
          ]}
        />
        <Select
          aria-label="状态"
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: '全部状态' },
            { value: 0, label: ACTIVITY_STATUS_TEXT[0] },
            { value: 1, label: ACTIVITY_STATUS_TEXT[1] },
            { value: 2, label: '已结束/已停用' },
          ]}
        />
        {editor && (
          <Button type="primary" onClick={() => setDrawer({ open: true, id: null })}>
            新建活动
          </Button>
        )}
      </Space>
      <Table<ActivityAdminRow> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1100 }} />
      <ActivityDrawer
        open={drawer.open}
        editingId={drawer.id}
        onClose={() => setDrawer({ open: false, id: null })}
        onSaved={(a) => {
          void message.success(drawer.id === null ? `已创建 ${a.name}` : '已保存');
          setDrawer({ open: false, id: null });
        }}
      />
    </Card>
  );
}
