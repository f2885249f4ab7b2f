import { useState } from 'react';
import { App, Button, Card, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import type { OperatorRole, OperatorView } from '@kc/domain';
import { useMe, usePagedTable } from '../../../shared';
import { OPERATORS_PATH, useOperatorWrite } from '../api';
import { OperatorDrawer, ROLE_OPTIONS } from '../components/OperatorDrawer';
import { PasswordModal } from '../components/PasswordModal';

/** 运营人员: accounts, their roles, create/edit, disable/enable, reset password (管理员 only). */
export function OperatorsPage() {
  const [keyword, setKeyword] = useState('');
  const [role, setRole] = useState<OperatorRole | ''>('');
  const [drawer, setDrawer] = useState<{ open: boolean; editing: OperatorView | null }>({
    open: false,
    editing: null,
  });
  const [resetting, setResetting] = useState<OperatorView | null>(null);
  const { tableProps } = usePagedTable<OperatorView>(OPERATORS_PATH, { keyword, role });
  const write = useOperatorWrite();
  const { modal, message } = App.useApp();
  const me = useMe().data;

  const toggle = (o: OperatorView) => {
    const disable = o.disabled === 0;
    modal.confirm({
      title: disable ? `停用 ${o.name || o.username}？` : `启用 ${o.name || o.username}？`,
      content: disable
        ? '停用后该账号立即退出登录，且不能再登录，直到重新启用。'
        : '启用后该账号可以重新登录。',
      okText: disable ? '停用' : '启用',
      okButtonProps: { danger: disable },
      cancelText: '取消',
      onOk: async () => {
        await write.mutateAsync({ path: `${OPERATORS_PATH}/${o.id}/${disable ? 'disable' : 'enable'}` });
        message.success(disable ? '已停用' : '已启用');
      },
    });
  };

  const columns: TableColumnsType<OperatorView> = [
    { title: '用户名', dataIndex: 'username', width: 140 },
    { title: '姓名', dataIndex: 'name', width: 120 },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (p: string) => p || '—' },
    {
      title: '角色',
      dataIndex: 'role',
      width: 90,
      render: (_: unknown, o) => <Tag color={o.role === 'admin' ? 'gold' : 'blue'}>{o.role_text}</Tag>,
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 80,
      render: (d: number) => (d ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>),
    },
    { title: '最近登录', dataIndex: 'last_login_at', width: 160, render: (s: string) => s || '从未登录' },
    { title: '创建时间', dataIndex: 'created_at', width: 160 },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_: unknown, o) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setDrawer({ open: true, editing: o })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setResetting(o)}>
            重置密码
          </Button>
          {o.id !== me?.id && (
            <Button type="link" size="small" danger={o.disabled === 0} onClick={() => toggle(o)}>
              {o.disabled ? '启用' : '停用'}
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
          placeholder="用户名或姓名"
          allowClear
          enterButton="搜索"
          style={{ width: 260 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        <Select
          aria-label="角色"
          style={{ width: 140 }}
          value={role}
          onChange={setRole}
          options={[{ value: '', label: '全部角色' }, ...ROLE_OPTIONS]}
        />
        <Button type="primary" onClick={() => setDrawer({ open: true, editing: null })}>
          新建运营人员
        </Button>
      </Space>
      <Table<OperatorView> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1000 }} />
      <OperatorDrawer
        open={drawer.open}
        editing={drawer.editing}
        onClose={() => setDrawer({ open: false, editing: null })}
        onSaved={(o) => {
          message.success(drawer.editing ? '已保存' : `已创建 ${o.username}`);
          setDrawer({ open: false, editing: null });
        }}
      />
      <PasswordModal target={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}
