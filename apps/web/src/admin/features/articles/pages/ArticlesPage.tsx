import { useState } from 'react';
import { App, Button, Card, Input, Select, Space, Table, Tag, Tree, type TableColumnsType } from 'antd';
import { ARTICLE_STATUSES, type AdminArticleView, type ArticleStatus } from '@kc/domain';
import { useCan, usePagedTable } from '../../../shared';
import { ARTICLES_PATH, useArticleCategories, useArticleWrite } from '../api';
import { ArticleDrawer } from '../components/ArticleDrawer';
import { CategoryManager } from '../components/CategoryManager';
import s from '../components/articles.module.css';

const STATUS_COLOR: Record<ArticleStatus, string> = {
  published: 'green',
  scheduled: 'blue',
  hidden: 'default',
};
const ALL = 'all';

/**
 * 文章管理: help-centre articles and news by category; write, publish or take down, and the
 * categories. The storefront shows a published article at its `url`.
 */
export function ArticlesPage() {
  const [category, setCategory] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<ArticleStatus | ''>('');
  const [drawer, setDrawer] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [managing, setManaging] = useState(false);
  const { data: categories = [] } = useArticleCategories();
  const { tableProps } = usePagedTable<AdminArticleView>(ARTICLES_PATH, {
    category_id: category ?? '',
    keyword,
    status,
  });
  const write = useArticleWrite();
  const { modal, message } = App.useApp();
  const editor = useCan()('content.edit');

  const togglePublished = (a: AdminArticleView) => {
    const publish = a.status !== 'published';
    modal.confirm({
      title: publish ? `发布“${a.title}”？` : `下线“${a.title}”？`,
      content: publish ? '发布后立即在网站上显示。' : '下线后网站上不再显示，可随时重新发布。',
      okText: publish ? '发布' : '下线',
      okButtonProps: { danger: !publish },
      cancelText: '取消',
      onOk: async () => {
        await write.mutateAsync({
          path: `${ARTICLES_PATH}/${a.id}/published`,
          body: { published: publish ? 1 : 0 },
          create: false,
        });
        void message.success(publish ? '文章已发布' : '文章已下线');
      },
    });
  };

  const columns: TableColumnsType<AdminArticleView> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (title: string, a) => (
        <div>
          <div>{title}</div>
          {a.summary && <div style={{ color: '#999', fontSize: 12 }}>{a.summary}</div>}
        </div>
      ),
    },
    { title: '分类', dataIndex: 'category_name', width: 110 },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (st: ArticleStatus, a) => <Tag color={STATUS_COLOR[st]}>{a.status_text}</Tag>,
    },
    { title: '发布时间', dataIndex: 'published_at', width: 170, render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'op',
      width: 190,
      render: (_: unknown, a) => (
        <Space size={0} wrap>
          {editor && (
            <Button type="link" size="small" onClick={() => setDrawer({ open: true, id: a.id })}>
              编辑
            </Button>
          )}
          {editor && (
            <Button
              type="link"
              size="small"
              danger={a.status === 'published'}
              onClick={() => togglePublished(a)}
            >
              {a.status === 'published' ? '下线' : '发布'}
            </Button>
          )}
          {a.status === 'published' && (
            <Button type="link" size="small" href={a.url} target="_blank" rel="noopener noreferrer">
              查看
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const treeData = [
    { key: ALL, title: '全部文章' },
    ...categories.map((root) => ({
      key: String(root.id),
      title: `${root.name}`,
      children: root.children.map((c) => ({ key: String(c.id), title: `${c.name}（${c.article_count}）` })),
    })),
  ];

  return (
    <div className={s.layout}>
      <Card className={s.side} size="small" title="分类">
        {categories.length > 0 && (
          <Tree
            treeData={treeData}
            defaultExpandAll
            selectedKeys={[category === null ? ALL : String(category)]}
            onSelect={(keys) => {
              const key = String(keys[0] ?? ALL);
              setCategory(key === ALL ? null : Number(key));
            }}
          />
        )}
      </Card>
      <Card className={s.main}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            placeholder="文章标题"
            allowClear
            enterButton="搜索"
            style={{ width: 240 }}
            onSearch={(v) => setKeyword(v.trim())}
          />
          <Select
            aria-label="发布状态"
            style={{ width: 130 }}
            value={status}
            onChange={setStatus}
            options={[
              { value: '', label: '全部状态' },
              ...Object.entries(ARTICLE_STATUSES).map(([value, label]) => ({ value, label })),
            ]}
          />
          {editor && (
            <Button type="primary" onClick={() => setDrawer({ open: true, id: null })}>
              新建文章
            </Button>
          )}
          {editor && <Button onClick={() => setManaging(true)}>分类管理</Button>}
        </Space>
        <Table<AdminArticleView> rowKey="id" columns={columns} {...tableProps} />
      </Card>
      <ArticleDrawer
        open={drawer.open}
        editingId={drawer.id}
        categories={categories}
        // A root with columns holds no articles of its own: a new one goes into a column.
        defaultCategory={
          category !== null && !categories.some((r) => r.id === category && r.children.length > 0)
            ? category
            : undefined
        }
        onClose={() => setDrawer({ open: false, id: null })}
        onSaved={(a) => {
          void message.success(`已保存：${a.title}（${a.status_text}）`);
          setDrawer({ open: false, id: null });
        }}
      />
      <CategoryManager open={managing} categories={categories} onClose={() => setManaging(false)} />
    </div>
  );
}
