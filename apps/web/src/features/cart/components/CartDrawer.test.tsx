import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { AppLayout } from '../../../layout/AppLayout';
import { MEMBER, goods } from '../../../layout/testing/fixtures';
import { defaultReplies, stubApi, type Replies } from '../../../layout/testing/render';
import { ok } from '../../../test/fetch-stub';
import { LADDER_GOODS, cartState, line, standardCart } from '../testing/fixtures';
import { AddToCart } from '../../../shared/cart/AddToCart';

const routes = [
  {
    element: <AppLayout />,
    children: [
      {
        path: '/',
        element: <AddToCart goods={goods(279, '阿莫西林胶囊', { price: '12.90', zbz: 10, number: 500 })} />,
        handle: { name: 'home', title: '' },
      },
      {
        path: '/cart',
        element: <div>购物车内容</div>,
        handle: { name: 'cart_step1', title: '', cartStep: 1 },
      },
    ],
  },
];

function renderShell(path: string, replies: Replies) {
  const { calls } = stubApi(replies);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls };
}

const member = (extra: Replies = {}) =>
  defaultReplies({
    '/api/user/base': ok({ ...MEMBER, cart: 3 }),
    '/api/cart/list': ok(standardCart()),
    ...extra,
  });
const cartCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/cart/list').length;

describe('cart drawer', () => {
  it('reads the cart only when opened, lists its lines and deletes after the confirmation', async () => {
    const state = standardCart();
    state.data[0] = line(11, LADDER_GOODS, 40, {
      reductions: [
        { kind: 'discount', label: '全场94折', amount: '30.96' },
        { kind: 'manjian', label: '满减分摊', amount: '20.00' },
      ],
    });
    const { calls } = renderShell(
      '/',
      member({
        '/api/cart/list': ok(state),
        '/api/cart/batch_delete': ok(cartState([line(11, LADDER_GOODS, 40)])),
      }),
    );
    const bar = screen.getByRole('complementary', { name: '右侧工具栏' });
    await screen.findByRole('link', { name: MEMBER.company });
    expect(cartCalls(calls)).toBe(0);
    await userEvent.click(within(bar).getByRole('button', { name: '购物车' }));
    const list = await within(bar).findByRole('list', { name: '购物车商品' });
    expect(cartCalls(calls)).toBe(1);
    expect(within(list).getByText('阿莫西林胶囊')).toBeInTheDocument();
    expect(within(list).getByText('商品暂时缺货')).toBeInTheDocument();
    // Each reduction of the line is named in the drawer too.
    expect(within(list).getByTestId('line-reductions')).toHaveTextContent(
      '已优惠¥50.96全场94折 -¥30.96满减分摊 -¥20.00',
    );
    await userEvent.click(within(list).getByRole('button', { name: '删除 布洛芬缓释胶囊' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定删除这件商品吗?');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(list).queryByText('布洛芬缓释胶囊')).not.toBeInTheDocument());
    // The badges follow the new line count.
    await waitFor(() => expect(within(bar).getByRole('button', { name: '购物车' })).toHaveTextContent('1'));
    expect(within(bar).getByRole('link', { name: '去购物车结算' })).toHaveAttribute('href', '/cart');
  });

  it('stays closed on the cart page and reads nothing', async () => {
    const { calls } = renderShell('/cart', member());
    const bar = screen.getByRole('complementary', { name: '右侧工具栏' });
    await screen.findByRole('link', { name: MEMBER.company });
    await userEvent.click(within(bar).getByRole('button', { name: '购物车' }));
    expect(within(bar).getByRole('button', { name: '购物车' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(bar).queryByRole('list', { name: '购物车商品' })).not.toBeInTheDocument();
    expect(cartCalls(calls)).toBe(0);
  });

  it('reloads the open drawer when an add sets the action flag', async () => {
    const added = {
      action: 1,
      total: 4,
      lines: [{ id: 14, goods_id: 279, type: 0, number: 10 }],
      price_changed: [],
    };
    let lines = 3;
    const { calls } = renderShell(
      '/',
      member({
        '/api/user/base': () => ok({ ...MEMBER, cart: lines }),
        '/api/cart': () => ((lines = 4), ok(added)),
        '/api/cart/list': () =>
          ok(lines === 4 ? cartState([...standardCart().data, line(14, LADDER_GOODS, 10)]) : standardCart()),
      }),
    );
    const bar = screen.getByRole('complementary', { name: '右侧工具栏' });
    await screen.findByRole('link', { name: MEMBER.company });
    await userEvent.click(within(bar).getByRole('button', { name: '购物车' }));
    await within(bar).findByRole('list', { name: '购物车商品' });
    expect(cartCalls(calls)).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: /加入购物车/ }));
    await screen.findByText('加入购物车成功');
    await waitFor(() => expect(cartCalls(calls)).toBe(2));
    expect(within(bar).getByRole('button', { name: '购物车' })).toHaveTextContent('4');
  });
});
