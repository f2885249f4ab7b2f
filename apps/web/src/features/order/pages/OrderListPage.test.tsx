import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, type FetchCall } from '../../../test/fetch-stub';
import { renderPages, type PageReplies } from '../../../test/render-pages';
import { NO_ACTIONS, detail, listItem, paged } from '../testing/fixtures';
import { OrderListPage } from './OrderListPage';
import '../testing/async';

const COUNTS = { all: 12, unpaid: 2, undelivered: 3, delivered: 4, done: 2, cancelled: 1, after_sale: 0 };
const ROUTES = [{ path: '/order', element: <OrderListPage /> }];
const form = (call: FetchCall) => new URLSearchParams(call.body);
const card = (no: string) => screen.getByRole('article', { name: `订单 ${no}` });

function renderList(path = '/order', replies: PageReplies = {}) {
  return renderPages(ROUTES, path, {
    '/api/order/counts': ok(COUNTS),
    '/api/order/list': ok(
      paged([
        listItem(5, 0, {
          actions: { can_pay: 1, can_cancel: 1, can_receive: 0, can_return: 0, can_buy_again: 0 },
        }),
        listItem(6, 2, {
          actions: { can_pay: 0, can_cancel: 0, can_receive: 1, can_return: 0, can_buy_again: 1 },
        }),
      ]),
    ),
    ...replies,
  });
}

describe('/order order centre', () => {
  it('shows the tabs with their counts and filters by status, keywords and dates in the URL', async () => {
    const { calls, router } = renderList('/order?start_time=2024-05-01&end_time=2024-05-31');
    expect(await screen.findByRole('tab', { name: '待发货(3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '全部(12)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('KC20240501005')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('start_time')).toBe('2024-05-01');

    await userEvent.click(screen.getByRole('tab', { name: '待发货(3)' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/order/list')
          .at(-1)!
          .query.get('status'),
      ).toBe('1'),
    );
    expect(router.state.location.search).toContain('status=1');

    await userEvent.type(screen.getByRole('textbox', { name: '订单号或商品名称' }), '阿莫西林');
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/order/list')
          .at(-1)!
          .query.get('keywords'),
      ).toBe('阿莫西林'),
    );
    const last = calls.filter((c) => c.path === '/api/order/list').at(-1)!;
    expect(last.query.get('status')).toBe('1');
    expect(last.query.get('start_time')).toBe('2024-05-01');
    expect(last.query.get('end_time')).toBe('2024-05-31');
    expect(last.query.get('page_size')).toBe('10');
    expect(router.state.location.search).toContain('keywords=');

    // Back restores the previous search and the form shows it.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('textbox', { name: '订单号或商品名称' })).toHaveValue(''));
    const back = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(back)).toEqual({
      status: '1',
      start_time: '2024-05-01',
      end_time: '2024-05-31',
    });
  });

  it('sends a date range picked in the form', async () => {
    const { calls } = renderList();
    await screen.findByText('KC20240501005');
    await userEvent.type(screen.getByPlaceholderText('开始日期'), '2024-06-01{Enter}');
    await userEvent.type(screen.getByPlaceholderText('结束日期'), '2024-06-30{Enter}');
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/order/list')
          .at(-1)!
          .query.get('start_time'),
      ).toBe('2024-06-01'),
    );
    expect(
      calls
        .filter((c) => c.path === '/api/order/list')
        .at(-1)!
        .query.get('end_time'),
    ).toBe('2024-06-30');
  });

  it('shows each order with its lines, payable and the actions it allows', async () => {
    renderList();
    const unpaid = await screen.findByRole('article', { name: '订单 KC20240501005' });
    expect(within(unpaid).getByText('待付款')).toBeInTheDocument();
    expect(within(unpaid).getByText('规格：0.25g*24粒')).toBeInTheDocument();
    expect(within(unpaid).getByText('¥120.50')).toBeInTheDocument();
    expect(within(unpaid).getByRole('button', { name: '去支付' })).toBeInTheDocument();
    expect(within(unpaid).queryByRole('button', { name: '确认收货' })).not.toBeInTheDocument();
    await userEvent.click(within(card('KC20240501006')).getByRole('button', { name: '确认收货' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('确认已收到货物吗？');
  });

  it('sends 去支付 of a 含麻 order to /cart/hm', async () => {
    const pay = { ...NO_ACTIONS, can_pay: 1 as const };
    renderList('/order', { '/api/order/list': ok(paged([listItem(9, 0, { is_hm: 1, actions: pay })])) });
    await screen.findByText('KC20240501009');
    await userEvent.click(within(card('KC20240501009')).getByRole('button', { name: '去支付' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart/hm?id=9'));
  });

  it('asks for a reason before cancelling, posts it and refreshes the list and counts', async () => {
    const { calls } = renderList('/order', { '/api/order/5/cancel': ok(detail(5, 4)) });
    await screen.findByText('KC20240501005');
    const lists = calls.filter((c) => c.path === '/api/order/list').length;
    await userEvent.click(within(card('KC20240501005')).getByRole('button', { name: '取消订单' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定取消该订单吗？');
    expect(within(dialog).getByRole('combobox', { name: '取消原因' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/order/5/cancel')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/order/5/cancel')).toBe(true));
    const call = calls.find((c) => c.path === '/api/order/5/cancel')!;
    expect(call.method).toBe('POST');
    expect(form(call).get('reason')).toBe('不想买了');
    expect(await screen.findByText('订单已取消')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/order/list').length).toBeGreaterThan(lists),
    );
    expect(calls.filter((c) => c.path === '/api/order/counts').length).toBeGreaterThan(1);
  });

  it('buys again: says how many were added, which were skipped and why, then opens the cart', async () => {
    renderList('/order', {
      '/api/order/6/buy_again': ok({
        added: 2,
        skipped: [{ goods_id: 9, name: '维生素C片', reason: '商品已下架' }],
      }),
    });
    await screen.findByText('KC20240501006');
    await userEvent.click(within(card('KC20240501006')).getByRole('button', { name: '再次购买' }));
    expect(await screen.findByText('已加入购物车2种商品')).toBeInTheDocument();
    const skipped = await screen.findByRole('list', { name: '未加入的商品' });
    expect(skipped).toHaveTextContent('维生素C片：商品已下架');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
  });

  it('shows 暂无订单 for an empty list and keeps the page in the URL', async () => {
    const { calls, router } = renderList('/order?page=2', {
      '/api/order/list': (call) =>
        ok(call.query.get('page') === '3' ? paged([], 25, 3) : paged([listItem(7, 3)], 25, 2)),
    });
    await screen.findByText('KC20240501007');
    expect(calls.find((c) => c.path === '/api/order/list')!.query.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();
  });
});
