import { useState } from 'react';
import { App, Button, Card, Input, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import type { CombinationAdminView } from '@kc/domain';
import { useCan, usePagedTable } from '../../../shared';
import { COMBINATIONS_PATH, useCombinationWrite } from '../api';
import { CombinationDrawer } from '../components/CombinationDrawer';

const STATUS_COLOR: Record<string, string> = {
  销售中: 'green',
  未开始: 'blue',
  已结束: 'default',
  已下架: 'red',
};

/** 组合购: goods sold together at one price (/zhzq); create, edit, on and off sale. */
export function CombinationsPage() {
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<{ open: boolean; editing: CombinationAdminView | null }>({
    open: false,
    editing: null,
  });
  const { tableProps } = usePagedTable<CombinationAdminView>(COMBINATIONS_PATH, { keyword });
  const write = useCombinationWrite();
  const { message } = App.useApp();
  const editor = useCan()('marketing.edit');

  const columns: TableColumnsType<CombinationAdminView> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: '组合名称', dataIndex: 'name', width: 200 },
    {
      title: '商品',
      key: 'items',
      render: (_: unknown, c) => (
        <div>
          {c.items.map((i) => (
            <div key={i.goods_id}>
              {i.goods ? `${i.goods.name} ${i.goods.ypgg}` : `商品 ${i.goods_id}（已删除）`} × {i.number}
            </div>
          ))}
        </div>
      ),
    },
    {
      title: '组合价',
      dataIndex: 'price',
      width: 130,
      render: (p: string, c) => (
        <div>
          <div>¥{p}</div>
          <div style={{ color: '#999', fontSize: 12, textDecoration: 'line-through' }}>
            ¥{c.original_amount}
          </div>
        </div>
      ),
    },
    {
      title: '销售时间',
      key: 'window',
      width: 190,
      render: (_: unknown, c) => (
        <div style={{ fontSize: 12 }}>
          <div>{c.start_time}</div>
          <div>至 {c.end_time}</div>
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status_text',
      width: 90,
      render: (s: string) => <Tag color={STATUS_COLOR[s] ?? 'default'}>{s}</Tag>,
    },
    {
      title: '上架',
      dataIndex: 'on_sale',
      width: 80,
      render: (on: number, c) => (
        <Switch
          size="small"
          checked={on === 1}
          disabled={!editor}
          aria-label={`上架 ${c.name}`}
          loading={write.isPending && write.variables?.id === c.id}
          onChange={(next) =>
            void write
              .mutateAsync({ id: c.id, path: '/on_sale', body: { on_sale: next } })
              .then(() => message.success(next ? '已上架' : '已下架'))
              .catch(() => {})
          }
        />
      ),
    },
    { title: '订单数', dataIndex: 'orders', width: 80 },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_: unknown, c) =>
        editor && (
          <Button type="link" size="small" onClick={() => setDrawer({ open: true, editing: c })}>
            编辑
          </Button>
        ),
    },
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="组合名称"
          allowClear
          enterButton="搜索"
          style={{ width: 240 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        {editor && (
          <Button type="primary" onClick={() => setDrawer({ open: true, editing: null })}>
            新建组合
          </Button>
        )}
      </Space>
      <Table<CombinationAdminView> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1100 }} />
      <CombinationDrawer
        open={drawer.open}
        editing={drawer.editing}
        onClose={() => setDrawer({ open: false, editing: null })}
        onSaved={(c) => {
          void message.success(drawer.editing ? '已保存' : `已创建 ${c.name}`);
          setDrawer({ open: false, editing: null });
        }}
      />
    </Card>
  );
}
