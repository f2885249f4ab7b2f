import { validated } from '../components/validated';
import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import type { AdminCategory } from '@kc/domain';
import { useCan } from '../../../shared';
import { useCatalogWrite, useCategories } from '../api';
import { CategorySelect, categoryTree } from '../components/CategorySelect';

interface Row extends AdminCategory {
  key: number;
  children?: Row[];
}
type Editing = null | { id: number | null; values: Partial<AdminCategory> };

/** 分类管理: the category tree; add a root or a child, rename, move, re-sort. */
export function CategoriesPage() {
  const { message } = App.useApp();
  const editable = useCan()('goods.edit');
  const list = useCategories();
  const write = useCatalogWrite<AdminCategory>();
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm();

  const rows = (nodes: ReturnType<typeof categoryTree>): Row[] =>
    nodes.map((n) => ({
      ...n.category,
      key: n.value,
      children: n.children.length ? rows(n.children) : undefined,
    }));
  const open = (e: Editing) => {
    setEditing(e);
    form.resetFields();
    form.setFieldsValue({ sort: 0, code: '', ...e?.values, parent_id: e?.values.parent_id || undefined });
  };
  const save = () =>
    validated(form).then((v) =>
      write
        .mutateAsync({
          path: editing?.id ? `/api/admin/categories/${editing.id}` : '/api/admin/categories',
          body: { ...v, parent_id: v.parent_id ?? 0, logo: editing?.values.logo ?? '' },
        })
        .then(
          () => {
            void message.success(editing?.id ? '分类已保存' : '分类已添加');
            setEditing(null);
          },
          () => undefined,
        ),
    );

  const columns: TableColumnsType<Row> = [
    { title: '分类名称', dataIndex: 'name' },
    { title: '代码', dataIndex: 'code', width: 100, render: (c: string) => c || '—' },
    { title: '排序', dataIndex: 'sort', width: 80 },
    { title: '商品数', dataIndex: 'goods_count', width: 90 },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'op',
            width: 180,
            render: (_: unknown, c: Row) => (
              <Space>
                <Button type="link" size="small" onClick={() => open({ id: c.id, values: c })}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => open({ id: null, values: { parent_id: c.id } })}
                >
                  添加子分类
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title="分类管理"
      extra={
        editable && (
          <Button type="primary" onClick={() => open({ id: null, values: {} })}>
            新增一级分类
          </Button>
        )
      }
    >
      <Table<Row>
        // Mounted again once loaded: antd expands all rows only on first render.
        key={list.data ? 'loaded' : 'loading'}
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={rows(categoryTree(list.data ?? []))}
        pagination={false}
        expandable={{ defaultExpandAllRows: (list.data?.length ?? 0) < 60 }}
      />
      <Modal
        title={editing?.id ? '编辑分类' : '新增分类'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={save}
        confirmLoading={write.isPending}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="分类名称" rules={[{ required: true, message: '请输入分类名称' }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="parent_id" label="上级分类（不选为一级分类）">
            <CategorySelect allowClear aria-label="上级分类" exclude={editing?.id ?? undefined} />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item name="code" label="分类代码（专区入口用，如 zyyp）">
            <Input maxLength={20} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
