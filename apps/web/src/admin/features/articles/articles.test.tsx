import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminArticleCategory, AdminArticleDetail, AdminArticleView } from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { routes } from './routes';
import { ArticlesPage } from './pages/ArticlesPage';

const SLOW = { timeout: 10_000 };
/** The editor's chunk (tiptap, ProseMirror) is transformed on first use: slower still. */
const EDITOR = { timeout: 40_000 };

const article = (over: Partial<AdminArticleView>): AdminArticleView => ({
  id: 7,
  category_id: 6,
  category_name: '支付配送',
  title: '订单支付',
  summary: '余额支付、在线支付和对公转账',
  slug: 'ddzf',
  sort: 0,
  status: 'published',
  status_text: '已发布',
  published_at: '2024-06-01 09:00:00',
  url: '/help/zfps/ddzf?id=7',
  ...over,
});
const LIST = [
  article({}),
  article({
    id: 31,
    category_id: 2,
    category_name: '公司新闻',
    title: '端午节发货安排',
    summary: '',
    slug: '',
    status: 'hidden',
    status_text: '未发布',
    published_at: '',
    url: '/help_news_info/31/2',
  }),
];
const DETAIL: AdminArticleDetail = {
  ...LIST[0]!,
  body: '<h3>余额支付</h3><p>使用账户余额直接支付。</p>',
};
const col = (id: number, name: string, slug: string, count: number): AdminArticleCategory => ({
  id,
  parent_id: 3,
  name,
  slug,
  sort: 0,
  article_count: count,
  children: [],
});
const CATEGORIES: AdminArticleCategory[] = [
  { id: 1, parent_id: null, name: '行业新闻', slug: '', sort: 1, article_count: 4, children: [] },
  { id: 2, parent_id: null, name: '公司新闻', slug: '', sort: 2, article_count: 4, children: [] },
  {
    id: 3,
    parent_id: null,
    name: '帮助中心',
    slug: '',
    sort: 3,
    article_count: 0,
    children: [col(4, '新手指南', 'xrzn', 3), col(6, '支付配送', 'zfps', 3)],
  },
];
const ME = (permissions: string[]) => ({
  id: 2,
  username: 'kefu',
  name: '客服小王',
  role: 'service',
  role_label: '客服',
  permissions,
});

function renderPage(permissions: string[]) {
  const reply = (call: FetchCall): StubReply => {
    if (call.path === '/api/admin/me') return ok(ME(permissions));
    if (call.path === '/api/admin/article_categories') return ok(CATEGORIES);
    if (call.path === '/api/admin/articles/7' && call.method === 'GET') return ok(DETAIL);
    if (call.path === '/api/admin/articles' && call.method === 'GET') {
      const category = call.query.get('category_id');
      const list = category ? LIST.filter((a) => String(a.category_id) === category) : LIST;
      return ok({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });
    }
    return ok(article({ id: 40, title: '已保存的文章' }), '文章已保存');
  };
  const stub = stubFetch(reply);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <ArticlesPage /> }]);
  render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return stub;
}
const writes = (stub: ReturnType<typeof stubFetch>) => stub.calls.filter((c) => c.method !== 'GET');
afterEach(() => vi.restoreAllMocks());

describe('article routes', () => {
  it('put 文章管理 in the 内容管理 menu for content readers', () => {
    expect(routes.map((r) => [r.path, r.title, r.access, r.menu?.group])).toEqual([
      ['articles', '文章管理', 'content.read', 'content'],
    ]);
  });
});

// The editor's first load (tiptap, ProseMirror) and antd's first renders are slow in jsdom.
describe('文章管理', { timeout: 90_000 }, () => {
  it('lists articles with their state, filters by category; readers get no write buttons', async () => {
    const stub = renderPage(['content.read']);
    expect(await screen.findByText('订单支付', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('未发布')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /查\s*看/ })).toHaveAttribute('href', '/help/zfps/ddzf?id=7');
    expect(screen.queryByRole('button', { name: '新建文章' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('tree')).getByText('公司新闻'));
    await waitFor(() =>
      expect(
        stub.calls.some((c) => c.path === '/api/admin/articles' && c.query.get('category_id') === '2'),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('订单支付')).not.toBeInTheDocument());
  });

  it('takes an article down after a confirmation', async () => {
    const stub = renderPage(['content.read', 'content.edit']);
    const row = (await screen.findByText('订单支付', {}, SLOW)).closest('tr')!;
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: /下\s*线/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('下线后网站上不再显示');
    await userEvent.click(within(dialog).getByRole('button', { name: /下\s*线/ }));
    await waitFor(() => expect(writes(stub)).toHaveLength(1));
    const [call] = writes(stub);
    expect([call!.method, call!.path, call!.body]).toEqual([
      'PUT',
      '/api/admin/articles/7/published',
      'published=0',
    ]);
  });

  it('edits an article in the rich-text editor and saves it with PUT, keeping its date', async () => {
    const stub = renderPage(['content.read', 'content.edit']);
    const row = (await screen.findByText('订单支付', {}, SLOW)).closest('tr')!;
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: /编\s*辑/ }));
    const drawer = await screen.findByRole('dialog');
    // The editor loads with the drawer and shows the stored body.
    expect(await within(drawer).findByRole('heading', { name: '余额支付' }, EDITOR)).toBeInTheDocument();
    expect(within(drawer).getByLabelText('网址别名')).toHaveValue('ddzf');
    const title = within(drawer).getByLabelText('标题');
    await userEvent.clear(title);
    await userEvent.type(title, '订单支付说明');
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(writes(stub)).toHaveLength(1));
    const [call] = writes(stub);
    expect([call!.method, call!.path]).toEqual(['PUT', '/api/admin/articles/7']);
    const body = Object.fromEntries(new URLSearchParams(call!.body));
    expect(body).toMatchObject({
      category_id: '6',
      title: '订单支付说明',
      slug: 'ddzf',
      published: '1',
      body: '<h3>余额支付</h3><p>使用账户余额直接支付。</p>',
    });
    expect(body).not.toHaveProperty('published_at');
  });

  it('writes a new company news item with an image by address, as a draft', async () => {
    const user = userEvent.setup();
    const stub = renderPage(['content.read', 'content.edit']);
    await screen.findByText('订单支付', {}, SLOW);
    await user.click(within(screen.getByRole('tree')).getByText('公司新闻'));
    await user.click(screen.getByRole('button', { name: '新建文章' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('标题'), '端午节发货安排');
    await user.click(within(drawer).getByLabelText('暂不发布'));
    await user.click(await within(drawer).findByRole('button', { name: '插入图片' }, EDITOR));
    // (The drawer and the modal share the test environment's id, so the modal is found by its field.)
    const dialog = (await screen.findByLabelText('图片地址', {}, SLOW)).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    await user.type(within(dialog).getByLabelText('图片地址'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: /插\s*入/ }));
    expect(await screen.findByText('图片地址须以 http:// 或 https:// 开头')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('图片地址'));
    await user.type(within(dialog).getByLabelText('图片地址'), 'https://img.example.com/warehouse.jpg');
    await user.click(within(dialog).getByRole('button', { name: /插\s*入/ }));
    await user.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(writes(stub)).toHaveLength(1));
    const [call] = writes(stub);
    expect([call!.method, call!.path]).toEqual(['POST', '/api/admin/articles']);
    const body = Object.fromEntries(new URLSearchParams(call!.body));
    expect(body).toMatchObject({ category_id: '2', title: '端午节发货安排', published: '0', slug: '' });
    expect(body.body).toContain('<img src="https://img.example.com/warehouse.jpg"');
  });

  it('refuses to save without a body', async () => {
    const stub = renderPage(['content.read', 'content.edit']);
    await userEvent.click(await screen.findByRole('button', { name: '新建文章' }, SLOW));
    const drawer = await screen.findByRole('dialog');
    await userEvent.type(within(drawer).getByLabelText('标题'), '空文章');
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    expect(await within(drawer).findByText('请输入文章内容')).toBeInTheDocument();
    expect(await within(drawer).findByText('请选择文章分类')).toBeInTheDocument();
    expect(writes(stub)).toHaveLength(0);
  });
});
