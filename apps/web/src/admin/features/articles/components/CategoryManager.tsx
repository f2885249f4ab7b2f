import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Table, type TableColumnsType } from 'antd';
import { ARTICLE_CATEGORY, type AdminArticleCategory } from '@kc/domain';
import { CATEGORIES_PATH, useCategoryWrite } from '../api';

interface Values {
  name: string;
  slug?: string;
  sort?: number;
}
/** The category being edited, or the root a new column goes under. */
type Editing = { category: AdminArticleCategory } | { parent: AdminArticleCategory };

/**
 * 分类管理: the roots (行业新闻, 公司新闻, 帮助中心) and their columns. A help column's 网址别名
 * makes its articles' routes (/help/{别名}/…); columns go under a root only (two levels).
 */
export function CategoryManager({
  open,
  categories,
  onClose,
}: {
  open: boolean;
  categories: AdminArticleCategory[];
  onClose: () => void;
}) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<Values>();
  const write = useCategoryWrite();
  const { message } = App.useApp();

  const start = (e: Editing) => {
    setEditing(e);
    form.setFieldsValue(
      'category' in e
        ? { name: e.category.name, slug: e.category.slug, sort: e.category.sort }
        : { name: '', slug: '', sort: e.parent.children.length },
    );
  };
  const save = async (v: Values) => {
    if (!editing) return;
    const parent_id = 'category' in editing ? editing.category.parent_id : editing.parent.id;
    const body = { parent_id: parent_id ?? undefined, name: v.name, slug: v.slug ?? '', sort: v.sort ?? 0 };
    if ('category' in editing)
      await write.mutateAsync({ path: `${CATEGORIES_PATH}/${editing.category.id}`, body, create: false });
    else await write.mutateAsync({ path: CATEGORIES_PATH, body, create: true });
    void message.success('分类已保存');
    setEditing(null);
  };

  const columns: TableColumnsType<AdminArticleCategory> = [
    { title: '名称', dataIndex: 'name' },
    { title: '网址别名', dataIndex: 'slug', width: 110, render: (v: string) => v || '—' },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '文章数', dataIndex: 'article_count', width: 80 },
    {
      title: '操作',
      key: 'op',
      width: 170,
      render: (_: unknown, c) => (
        <>
          <Button type="link" size="small" onClick={() => start({ category: c })}>
            编辑
          </Button>
          {c.parent_id === null && c.id === ARTICLE_CATEGORY.help && (
            <Button type="link" size="small" onClick={() => start({ parent: c })}>
              添加栏目
            </Button>
          )}
        </>
      ),
    },
  ];

  const title =
    editing &&
    ('category' in editing ? `编辑分类：${editing.category.name}` : `在“${editing.parent.name}”下添加栏目`);
  return (
    <Modal title="分类管理" open={open} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Table<AdminArticleCategory>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={categories.map(
          (c) => ({ ...c, children: c.children.length ? c.children : undefined }) as AdminArticleCategory,
        )}
        expandable={{ defaultExpandAllRows: true }}
        pagination={false}
      />
      <Modal
        title={title}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText="保存"
        cancelText="取消"
        confirmLoading={write.isPending}
        forceRender
      >
        <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={save}>
          <Form.Item
            label="名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '请输入分类名称' },
              { max: 30, message: '分类名称最多30个字符' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            label="网址别名"
            name="slug"
            tooltip="帮助栏目的网址段，如 xrzn；新闻分类可留空"
            rules={[{ pattern: /^[a-z0-9_-]*$/, message: '别名只能包含小写字母、数字、-和_' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item label="排序" name="sort">
            <InputNumber min={-100000} max={100000} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  );
}
