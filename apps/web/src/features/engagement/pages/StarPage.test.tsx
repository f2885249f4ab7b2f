import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fetch-stub';
import { goods } from '../../../layout/testing/fixtures';
import { defaultReplies } from '../../../layout/testing/render';
import { renderPages } from '../../../test/render-pages';
import { StarPage } from './StarPage';

const fav = (id: number, name: string) => ({
  ...goods(id, name, { price: '9.90', price_hint: null }),
  is_favorite: 1,
  favorited_at: '2026-11-23T10:00:00.000Z',
});

describe('my favourites (/star)', () => {
  it('lists favourites, cancels a batch; batch add-to-cart waits for a selection', async () => {
    const user = userEvent.setup();
    let list = [fav(1, '阿莫西林胶囊'), fav(2, '布洛芬缓释胶囊'), fav(3, '板蓝根颗粒')];
    const { calls } = renderPages(
      [{ path: '/star', element: <StarPage /> }],
      '/star',
      defaultReplies({
        '/api/favorite': (call) =>
          ok({
            list,
            total: list.length,
            page: Number(call.query.get('page')),
            page_size: 20,
            total_page: 1,
          }),
        '/api/favorite/cancel': (call) => {
          const ids = new URLSearchParams(call.body).getAll('goods_ids[]').map(Number);
          list = list.filter((g) => !ids.includes(g.id));
          return ok({ goods_ids: ids }, '取消收藏成功');
        },
      }),
    );
    expect(await screen.findByRole('link', { name: '阿莫西林胶囊' })).toHaveAttribute('href', '/list/info/1');
    expect(screen.getAllByText('9.90')).toHaveLength(3);
    const batch = screen.getByRole('button', { name: '批量取消收藏' });
    expect(batch).toBeDisabled();
    expect(screen.getByRole('button', { name: /批量加入购物车/ })).toBeDisabled();

    const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;
    await user.click(within(row('阿莫西林胶囊')).getByRole('checkbox'));
    await user.click(within(row('板蓝根颗粒')).getByRole('checkbox'));
    expect(screen.getByText('已选 2 件')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '批量取消收藏' }));
    await user.click(await screen.findByRole('button', { name: /^确\s?定$/ }));
    expect(await screen.findByText('取消收藏成功')).toBeInTheDocument();
    const cancel = calls.find((c) => c.path === '/api/favorite/cancel');
    expect(new URLSearchParams(cancel?.body).getAll('goods_ids[]')).toEqual(['1', '3']);
    await waitFor(() => expect(screen.queryByRole('link', { name: '阿莫西林胶囊' })).toBeNull());
    expect(screen.getByRole('link', { name: '布洛芬缓释胶囊' })).toBeInTheDocument();
    expect(screen.getByText('已选 0 件')).toBeInTheDocument();
  });

  it('says 暂无数据 without favourites', async () => {
    renderPages(
      [{ path: '/star', element: <StarPage /> }],
      '/star',
      defaultReplies({ '/api/favorite': ok({ list: [], total: 0, page: 1, page_size: 20, total_page: 0 }) }),
    );
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });

  it('adds the selected favourites to the cart, one middle pack each', async () => {
    const user = userEvent.setup();
    const list = [fav(1, '阿莫西林胶囊'), { ...fav(2, '布洛芬缓释胶囊'), zbz: 10 }, fav(3, '板蓝根颗粒')];
    const added = { action: 1, total: 2, lines: [], price_changed: [] };
    const { calls } = renderPages(
      [{ path: '/star', element: <StarPage /> }],
      '/star',
      defaultReplies({
        '/api/favorite': ok({ list, total: 3, page: 1, page_size: 20, total_page: 1 }),
        '/api/cart': ok(added),
      }),
    );
    const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;
    await screen.findByRole('link', { name: '布洛芬缓释胶囊' });
    await user.click(within(row('阿莫西林胶囊')).getByRole('checkbox'));
    await user.click(within(row('布洛芬缓释胶囊')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /批量加入购物车/ }));
    expect(await screen.findByText('加入购物车成功')).toBeInTheDocument();
    const body = new URLSearchParams(calls.find((c) => c.path === '/api/cart')!.body);
    expect(body.get('params[0][goods_id]')).toBe('1');
    expect(body.get('params[0][number]')).toBe('1');
    expect(body.get('params[1][goods_id]')).toBe('2');
    expect(body.get('params[1][number]')).toBe('10');
    expect(body.get('params[2][goods_id]')).toBeNull();
  });
});
