import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CombinationView } from '@kc/domain';
import { ok } from '../../../test/fetch-stub';
import { asMember, renderPages } from '../../../test/render-pages';
import { SERVER_NOW, priced } from '../testing/fixtures';
import { ZhzqPage } from './ZhzqPage';

/** The first render of a lazy page's modules may be slow on a cold start. */
const SLOW = { timeout: 10_000 };

const ROUTES = [{ path: '/zhzq', element: <ZhzqPage /> }];

const combo = (over: Partial<CombinationView> = {}): CombinationView => ({
  id: 3,
  name: '感冒组合（颗粒+片剂）',
  price: '36.00',
  raw_price: '40.00',
  saving: '4.00',
  price_hint: null,
  number: 20,
  is_buy: 1,
  start_time: SERVER_NOW - 3600,
  end_time: SERVER_NOW + 86_400,
  items: [
    { goods_id: 41, number: 1, goods: priced(41, '感冒灵颗粒', '15.00') },
    { goods_id: 42, number: 2, goods: priced(42, '对乙酰氨基酚片', '12.50') },
  ],
  ...over,
});
const list = (items: CombinationView[]) =>
  ok({ list: items, total: items.length, page: 1, page_size: 10, total_page: 1 });

describe('/zhzq 组合专区', () => {
  it('shows each combination with its goods, set price and saving', async () => {
    renderPages(ROUTES, '/zhzq', asMember({ '/api/combination/list': list([combo()]) }));
    const card = await screen.findByRole('region', { name: '感冒组合（颗粒+片剂）' }, SLOW);
    expect(within(card).getByText('感冒灵颗粒')).toBeInTheDocument();
    expect(within(card).getByText('对乙酰氨基酚片')).toBeInTheDocument();
    expect(within(card).getByText('¥36.00')).toBeInTheDocument();
    expect(within(card).getByText('原价 ¥40.00')).toBeInTheDocument();
    expect(within(card).getByText('立省 ¥4.00')).toBeInTheDocument();
  });

  it('adds the chosen number of sets as a combination line (type 3)', async () => {
    const user = userEvent.setup();
    const { calls } = renderPages(
      ROUTES,
      '/zhzq',
      asMember({
        '/api/combination/list': list([combo()]),
        '/api/cart': ok({ total: 1, lines: [{ id: 9, goods_id: 3, type: 3, number: 2 }], price_changed: [] }),
      }),
    );
    const card = await screen.findByRole('region', { name: '感冒组合（颗粒+片剂）' }, SLOW);
    await user.click(within(card).getByRole('button', { name: '增加数量' }));
    await user.click(within(card).getByRole('button', { name: /加入购物车/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/cart')).toHaveLength(1));
    const body = new URLSearchParams(calls.find((c) => c.path === '/api/cart')!.body);
    expect(body.get('params[0][goods_id]')).toBe('3');
    expect(body.get('params[0][number]')).toBe('2');
    expect(body.get('params[0][type]')).toBe('3');
    expect(body.get('params[0][price]')).toBe('36.00');
    expect(await screen.findByText('加入购物车成功', {}, SLOW)).toBeInTheDocument();
  });

  it('cannot add a combination out of stock, and says when there is none', async () => {
    renderPages(ROUTES, '/zhzq', asMember({ '/api/combination/list': list([combo({ number: 0 })]) }));
    expect(await screen.findByRole('button', { name: /暂时缺货/ }, SLOW)).toBeDisabled();
  });

  it('says so when no combination is on sale', async () => {
    renderPages(ROUTES, '/zhzq', asMember({ '/api/combination/list': list([]) }));
    expect(await screen.findByText('暂无在售的组合，敬请期待', {}, SLOW)).toBeInTheDocument();
  });
});
