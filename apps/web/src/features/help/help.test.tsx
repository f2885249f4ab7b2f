import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fetch-stub';
import { renderPages, type PageReplies } from '../../test/render-pages';
import { resolveArticle } from './help-paths';
import { HELP_COLUMNS, detailOf } from './testing/help-fixtures';
import { HelpArticlePage, HelpPage, HelpPayPage, HyzcPage, NewsInfoPage, NewsPage, WzzzPage } from './pages';

const ROUTES = [
  { path: '/help', element: <HelpPage /> },
  { path: '/help/pay', element: <HelpPayPage /> },
  { path: '/help/xrzn/hyzc', element: <HyzcPage /> },
  { path: '/help/fwbz/wzzz', element: <WzzzPage /> },
  { path: '/help/:column/:article', element: <HelpArticlePage /> },
  { path: '/help_news', element: <NewsPage /> },
  { path: '/help_news_info/:id/:type', element: <NewsInfoPage /> },
];

const BODIES: Record<number, string> = {
  1: '<h3>注册流程</h3><p>阅读并同意<a href="/help/fwbz/yhxy" rel="noopener noreferrer">《用户注册协议》</a>。</p>',
  4: '<p>杭州康采医药有限公司依法取得《药品经营许可证》。</p>',
  5: '<h3>一、会员资格</h3><p>会员须为依法设立的药品经营企业或医疗机构。</p>',
  7: '<h3>余额支付</h3><p>使用账户余额直接支付。</p><h3>对公转账</h3><p>附言填写订单编号。</p>',
};

function replies(extra: PageReplies = {}): PageReplies {
  const details = Object.fromEntries(
    Object.entries(BODIES).map(([id, body]) => [`/api/article/detail/${id}`, ok(detailOf(Number(id), body))]),
  );
  return { '/api/article/category': ok(HELP_COLUMNS), ...details, ...extra };
}

// The first render of a page's antd parts (tabs, pagination) is slow in jsdom on a cold start.
const SLOW = { timeout: 10_000 };
const main = () => screen.getByRole('region', { name: '帮助内容' });
const menu = () => screen.getByRole('navigation', { name: '帮助中心栏目' });

describe('help articles', () => {
  it('shows the article ?id= names, with the column menu and the breadcrumb', async () => {
    renderPages(ROUTES, '/help/xrzn/hyzc?id=1', replies());
    expect(
      await within(main()).findByRole('heading', { name: '会员注册', level: 1 }, SLOW),
    ).toBeInTheDocument();
    expect(within(main()).getByRole('heading', { name: '注册流程' })).toBeInTheDocument();
    const current = within(menu()).getByRole('link', { name: '会员注册' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(menu()).getByRole('link', { name: '新手指南' })).toHaveAttribute('href', '/help_xrzn');
    expect(within(menu()).getByRole('link', { name: '支付配送' })).toHaveAttribute('href', '/help/pay');
    expect(within(menu()).getByRole('link', { name: '公司新闻' })).toHaveAttribute(
      'href',
      '/help_news?type=2',
    );
    const crumbs = document.querySelector('.ant-breadcrumb') as HTMLElement;
    expect(crumbs).toHaveTextContent('首页/帮助中心/新手指南/会员注册');
  });

  it('follows a link inside an article in the app, to the user agreement found by its route', async () => {
    const user = userEvent.setup();
    const { calls } = renderPages(ROUTES, '/help/xrzn/hyzc?id=1', replies());
    await user.click(await within(main()).findByRole('link', { name: '《用户注册协议》' }));
    // No ?id= on this link: the article is the one whose route is /help/fwbz/yhxy.
    expect(await within(main()).findByRole('heading', { name: '用户协议', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('会员须为依法设立的药品经营企业或医疗机构。')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/api/article/detail/5');
  });

  it('opens a fixed route without ?id= on its own article, and a column page on its first', async () => {
    const first = renderPages(ROUTES, '/help/fwbz/wzzz', replies());
    expect(await within(main()).findByRole('heading', { name: '网站资质', level: 1 })).toBeInTheDocument();
    first.unmount();
    renderPages(ROUTES, '/help/pay', replies());
    expect(await within(main()).findByRole('heading', { name: '订单支付', level: 1 })).toBeInTheDocument();
    expect(within(main()).getByRole('heading', { name: '对公转账' })).toBeInTheDocument();
    expect(document.querySelector('.ant-breadcrumb')).toHaveTextContent('首页/帮助中心/支付配送/订单支付');
  });

  it('says so when the article does not exist or is taken down', async () => {
    renderPages(
      ROUTES,
      '/help/fwbz/wzzz?id=77',
      replies({ '/api/article/detail/77': fail(404, '文章不存在', 404) }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('文章不存在或已下线');
    expect(within(main()).getByRole('link', { name: '返回帮助中心' })).toHaveAttribute('href', '/help');
    expect(screen.queryByText('系统繁忙，请稍候再试')).toBeNull();
  });

  it('lists every column and its articles on /help', async () => {
    renderPages(ROUTES, '/help', replies());
    const guide = await within(main()).findByRole('region', { name: '新手指南' });
    expect(within(guide).getByRole('link', { name: '购物指南' })).toHaveAttribute(
      'href',
      '/help/xrzn/gwzn?id=2',
    );
    expect(within(main()).getByRole('region', { name: '关于我们' })).toBeInTheDocument();
    expect(within(main()).getByRole('link', { name: '行业新闻' })).toHaveAttribute(
      'href',
      '/help_news?type=1',
    );
  });
});

describe('news', () => {
  const item = (id: number, category: number, title: string, published_at: number) => ({
    id,
    title,
    summary: `${title}的摘要`,
    category_id: category,
    url: `/help_news_info/${id}/${category}`,
    published_at,
  });
  const newsReplies = replies({
    '/api/article/list': (call) => {
      const category = Number(call.query.get('category_id'));
      const page = Number(call.query.get('page'));
      const list =
        category === 1
          ? page === 1
            ? [item(21, 1, '药品追溯码全面应用', 1742259600)]
            : [item(22, 1, '两票制下的基层采购', 1733707800)]
          : [item(31, 2, '杭州新仓正式启用', 1740790800)];
      return ok({
        list,
        total: category === 1 ? 11 : 1,
        page,
        page_size: 10,
        total_page: category === 1 ? 2 : 1,
      });
    },
    '/api/article/detail/31': ok(
      detailOf(31, '<p>新仓总面积约2.6万平方米。</p>', {
        title: '杭州新仓正式启用',
        category_id: 2,
        category_name: '公司新闻',
        published_at: 1740790800,
      }),
    ),
  });

  it('pages through industry news and switches to company news', async () => {
    const user = userEvent.setup();
    const { calls } = renderPages(ROUTES, '/help_news', newsReplies);
    const link = await screen.findByRole('link', { name: '药品追溯码全面应用' }, SLOW);
    expect(link).toHaveAttribute('href', '/help_news_info/21/1');
    expect(screen.getByText('2025-03-18')).toBeInTheDocument();
    expect(screen.getByText('药品追溯码全面应用的摘要')).toBeInTheDocument();

    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByRole('link', { name: '两票制下的基层采购' })).toBeInTheDocument();
    expect(calls.at(-1)?.query.get('page')).toBe('2');

    await user.click(screen.getByRole('tab', { name: '公司新闻' }));
    expect(await screen.findByRole('link', { name: '杭州新仓正式启用' })).toBeInTheDocument();
    const last = calls.filter((c) => c.path === '/api/article/list').at(-1)!;
    expect([last.query.get('category_id'), last.query.get('page')]).toEqual(['2', '1']);
  });

  it('shows a news article with its date and the way back to its tab', async () => {
    renderPages(ROUTES, '/help_news_info/31/2', newsReplies);
    expect(
      await within(main()).findByRole('heading', { name: '杭州新仓正式启用', level: 1 }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText('发布时间：2025-03-01')).toBeInTheDocument();
    expect(screen.getByText('新仓总面积约2.6万平方米。')).toBeInTheDocument();
    expect(document.querySelector('.ant-breadcrumb')).toHaveTextContent(
      '首页/新闻资讯/公司新闻/杭州新仓正式启用',
    );
    await waitFor(() =>
      expect(within(menu()).getByRole('link', { name: '公司新闻' })).toHaveAttribute('aria-current', 'page'),
    );
  });
});

describe('resolveArticle', () => {
  it.each([
    [{ id: 9, column: 'xrzn', slug: 'hyzc' }, 9],
    [{ column: 'fwbz', slug: 'yhxy' }, 5],
    [{ column: 'zfps' }, 7],
    [{ column: 'zfps', slug: 'nope' }, 7],
    [{ column: 'nope', slug: 'nope' }, null],
    [{ id: 0, column: 'us', slug: 'lxwm' }, 11],
  ])('%j → %s', (target, expected) => {
    expect(resolveArticle(HELP_COLUMNS, target)).toBe(expected);
  });
});
