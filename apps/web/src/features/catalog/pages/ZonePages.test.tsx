import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { goods } from '../../../layout/testing/fixtures';
import { defaultReplies } from '../../../layout/testing/render';
import { page, renderPages } from '../../../test/render-pages';
import { PpzqInfoPage } from './BrandPages';
import { ListOtherPage } from './ListPages';
import { JmzqListPage, JxqzcPage, KxzqPage, ZyypPage } from './ZonePages';

const ROUTES = [
  { path: '/zyyp', element: <ZyypPage /> },
  { path: '/jxqzc', element: <JxqzcPage /> },
  { path: '/jmzq/list', element: <JmzqListPage /> },
  { path: '/kxzq', element: <KxzqPage /> },
  { path: '/ppzq/info/:id/:page?', element: <PpzqInfoPage /> },
  { path: '/list/other/:id/:name?', element: <ListOtherPage /> },
];
const lastQuery = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.filter((c) => c.path === '/api/goods/list').at(-1)!.query;

describe('zone and brand pages', () => {
  it('filters a zone and switches its view in the URL', async () => {
    const user = userEvent.setup();
    const { calls } = renderPages(
      ROUTES,
      '/zyyp',
      defaultReplies({ '/api/goods/list': page([goods(1, '党参')]) }),
    );
    expect(await screen.findByText('党参')).toBeInTheDocument();
    expect(screen.getByText('中药饮片', { selector: 'strong' })).toBeInTheDocument();
    expect(lastQuery(calls).get('zone')).toBe('zy');
    await user.click(screen.getByRole('link', { name: /列表/ }));
    expect(await screen.findByRole('columnheader', { name: '有效期至' })).toBeInTheDocument();
  });

  it('tells a visitor in the 控销 zone to log in to see its goods', async () => {
    renderPages(ROUTES, '/kxzq', defaultReplies({ '/api/goods/list': page([]) }));
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('控销品种仅对已授权的会员展示，请登录后查看');
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login?redirect=%2Fkxzq');
  });

  it('opens the franchise list page as a table', async () => {
    const { calls } = renderPages(
      ROUTES,
      '/jmzq/list',
      defaultReplies({ '/api/goods/list': page([goods(2, '加盟品')]) }),
    );
    expect(await screen.findByRole('columnheader', { name: '生产厂家' })).toBeInTheDocument();
    expect(lastQuery(calls).get('zone')).toBe('jm');
  });

  it('lists one brand with the page from the path', async () => {
    const user = userEvent.setup();
    const list = Array.from({ length: 40 }, (_, i) => goods(i + 1, `品牌商品${i + 1}`));
    const { calls } = renderPages(
      ROUTES,
      '/ppzq/info/1/2',
      defaultReplies({ '/api/goods/list': page(list, 120, 2) }),
    );
    expect(await screen.findByRole('heading', { name: '华润三九 品牌商品' })).toBeInTheDocument();
    expect(lastQuery(calls).get('brand')).toBe('1');
    expect(lastQuery(calls).get('page')).toBe('2');
    await user.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(lastQuery(calls).get('page')).toBe('3'));
  });

  it('names /list/other by its path and filters its category', async () => {
    const { calls } = renderPages(
      ROUTES,
      `/list/other/101/${encodeURIComponent('抗感染药')}`,
      defaultReplies({ '/api/goods/list': page([]) }),
    );
    expect(await screen.findByRole('heading', { name: '抗感染药' })).toBeInTheDocument();
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(lastQuery(calls).get('select')).toBe('101');
  });
});
