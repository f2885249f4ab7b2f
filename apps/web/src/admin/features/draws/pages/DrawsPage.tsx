import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import type { AdminDrawRow, DrawStatus } from '@kc/domain';
import { useCan, usePagedTable } from '../../../shared';
import { DRAWS_PATH, useDrawWrite } from '../api';
import { DrawDrawer } from '../components/DrawDrawer';

export const STATUS_COLOR: Record<DrawStatus, string> = {
  running: 'green',
  not_started: 'blue',
  ended: 'default',
  disabled: 'red',
};

/** 抽奖活动: the draws with their window, state and turnout; create, edit, delete. */
export function DrawsPage() {
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<{ open: boolean; editing: AdminDrawRow | null }>({
    open: false,
    editing: null,
  });
  const { tableProps } = usePagedTable<AdminDrawRow>(DRAWS_PATH, { keyword });
  const canEdit = useCan()('marketing.edit');
  const write = useDrawWrite();
  const { modal, message } = App.useApp();

  const remove = (d: AdminDrawRow) =>
    modal.confirm({
      title: `删除抽奖「${d.name}」？`,
      content: '删除后不可恢复；已有会员参与的抽奖不能删除，可将其停用。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await write.mutateAsync({ path: `${DRAWS_PATH}/${d.id}/delete` });
        message.success('已删除');
      },
    });

  const columns: TableColumnsType<AdminDrawRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: '抽奖名称',
      dataIndex: 'name',
      render: (name: string, d) => <Link to={`/admin/draws/${d.id}`}>{name}</Link>,
    },
    { title: '开始时间', dataIndex: 'start_time', width: 170 },
    { title: '结束时间', dataIndex: 'end_time', width: 170 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: DrawStatus, d) => <Tag color={STATUS_COLOR[s]}>{d.status_text}</Tag>,
    },
    { title: '奖品数', dataIndex: 'prizes', width: 80 },
    { title: '参与人数', dataIndex: 'joined', width: 90 },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_: unknown, d) => (
        <Space size={4}>
          <Link to={`/admin/draws/${d.id}`}>奖品与中奖</Link>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setDrawer({ open: true, editing: d })}>
              编辑
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" danger onClick={() => remove(d)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="抽奖名称"
          allowClear
          enterButton="搜索"
          style={{ width: 260 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        {canEdit && (
          <Button type="primary" onClick={() => setDrawer({ open: true, editing: null })}>
            新建抽奖
          </Button>
        )}
      </Space>
      <Table<AdminDrawRow> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1000 }} />
      <DrawDrawer
        open={drawer.open}
        editing={drawer.editing}
        onClose={() => setDrawer({ open: false, editing: null })}
        onSaved={() => {
          message.success(drawer.editing ? '已保存' : '抽奖活动已创建');
          setDrawer({ open: false, editing: null });
        }}
      />
    </Card>
  );
}
