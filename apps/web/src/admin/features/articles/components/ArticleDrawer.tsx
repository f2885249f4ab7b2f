import { lazy, Suspense, useEffect } from 'react';
import {
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Skeleton,
  Space,
  TreeSelect,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ARTICLE_CATEGORY, type AdminArticleCategory, type AdminArticleView } from '@kc/domain';
import { ARTICLES_PATH, useArticleDetail, useArticleWrite } from '../api';

// The editor (tiptap and ProseMirror) is loaded when the drawer first opens, not with the list.
const Editor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

/** Form.Item hands value/onChange to its child: this child passes them through the Suspense. */
function LazyEditor(props: { value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}

type Mode = 'publish' | 'at' | 'hidden';
interface Values {
  category_id: number;
  title: string;
  slug?: string;
  summary?: string;
  sort?: number;
  mode: Mode;
  published_at?: Dayjs;
  body: string;
}

/** 'YYYY-MM-DD HH:mm:ss' China time (the server's) as a moment. */
const chinaTime = (s: string) => dayjs(`${s.replace(' ', 'T')}+08:00`);

/** The category picker: a root with columns is a heading, its columns and the bare roots are choices. */
export function categoryTree(categories: readonly AdminArticleCategory[]) {
  return categories.map((root) => ({
    value: root.id,
    title: root.name,
    selectable: root.children.length === 0,
    children: root.children.map((c) => ({ value: c.id, title: c.name })),
  }));
}

/**
 * New article (editingId = null) or an edit: category, title, route segment (help columns),
 * summary, order, publication and the rich-text body.
 */
export function ArticleDrawer({
  open,
  editingId,
  categories,
  defaultCategory,
  onClose,
  onSaved,
}: {
  open: boolean;
  editingId: number | null;
  categories: readonly AdminArticleCategory[];
  defaultCategory?: number;
  onClose: () => void;
  onSaved: (a: AdminArticleView) => void;
}) {
  const [form] = Form.useForm<Values>();
  const write = useArticleWrite();
  const detail = useArticleDetail(open ? editingId : null);
  const mode = Form.useWatch('mode', form);
  const categoryId = Form.useWatch('category_id', form);
  const helpColumns = categories.find((c) => c.id === ARTICLE_CATEGORY.help)?.children ?? [];
  const isHelp = helpColumns.some((c) => c.id === categoryId);
  const loading = editingId !== null && !detail.data;

  useEffect(() => {
    // The form is mounted once the article is in (see `loading` below).
    if (!open || loading) return;
    form.resetFields();
    const a = editingId !== null ? detail.data : undefined;
    if (a)
      form.setFieldsValue({
        category_id: a.category_id,
        title: a.title,
        slug: a.slug,
        summary: a.summary,
        sort: a.sort,
        mode: a.status === 'hidden' ? 'hidden' : a.status === 'scheduled' ? 'at' : 'publish',
        published_at: a.published_at ? chinaTime(a.published_at) : undefined,
        body: a.body,
      });
    else if (editingId === null && defaultCategory) form.setFieldsValue({ category_id: defaultCategory });
  }, [open, loading, editingId, detail.data, defaultCategory, form]);

  const submit = async (v: Values) => {
    const body = {
      category_id: v.category_id,
      title: v.title,
      slug: isHelp ? (v.slug ?? '') : '',
      summary: v.summary ?? '',
      sort: v.sort ?? 0,
      body: v.body,
      published: v.mode === 'hidden' ? 0 : 1,
      // An instant, so the server reads it the same whatever its own time zone.
      ...(v.mode === 'at' && v.published_at ? { published_at: v.published_at.toISOString() } : {}),
    };
    const saved =
      editingId === null
        ? await write.mutateAsync({ path: ARTICLES_PATH, body, create: true })
        : await write.mutateAsync({ path: `${ARTICLES_PATH}/${editingId}`, body, create: false });
    onSaved(saved);
  };

  return (
    <Drawer
      title={editingId === null ? '新建文章' : '编辑文章'}
      open={open}
      onClose={onClose}
      size={860}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={write.isPending} disabled={loading} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ mode: 'publish', sort: 0, body: '' }}
          onFinish={submit}
        >
          <Space align="start" wrap>
            <Form.Item
              label="分类"
              name="category_id"
              rules={[{ required: true, message: '请选择文章分类' }]}
              style={{ width: 240 }}
            >
              <TreeSelect treeData={categoryTree(categories)} treeDefaultExpandAll placeholder="选择分类" />
            </Form.Item>
            <Form.Item label="排序" name="sort" tooltip="帮助文章按排序从小到大显示" style={{ width: 120 }}>
              <InputNumber min={-100000} max={100000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            {isHelp && (
              <Form.Item
                label="网址别名"
                name="slug"
                tooltip="帮助文章的网址最后一段，如 hyzc 对应 /help/xrzn/hyzc"
                rules={[
                  { pattern: /^[a-z0-9_-]*$/, message: '别名只能包含小写字母、数字、-和_' },
                  { max: 40, message: '别名最多40个字符' },
                ]}
                style={{ width: 200 }}
              >
                <Input placeholder="如 hyzc" />
              </Form.Item>
            )}
          </Space>
          <Form.Item
            label="标题"
            name="title"
            rules={[
              { required: true, whitespace: true, message: '请输入文章标题' },
              { max: 100, message: '文章标题最多100个字符' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item label="摘要" name="summary" rules={[{ max: 300, message: '摘要最多300个字符' }]}>
            <Input.TextArea rows={2} placeholder="新闻列表中显示在标题下方" />
          </Form.Item>
          <Space align="start" wrap>
            <Form.Item label="发布" name="mode">
              <Radio.Group
                options={[
                  { value: 'publish', label: '发布' },
                  { value: 'at', label: '指定发布时间' },
                  { value: 'hidden', label: '暂不发布' },
                ]}
              />
            </Form.Item>
            {mode === 'at' && (
              <Form.Item
                label="发布时间"
                name="published_at"
                rules={[{ required: true, message: '请选择发布时间' }]}
              >
                <DatePicker showTime aria-label="发布时间" />
              </Form.Item>
            )}
          </Space>
          <Form.Item
            label="正文"
            name="body"
            rules={[{ required: true, whitespace: true, message: '请输入文章内容' }]}
          >
            <LazyEditor />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
