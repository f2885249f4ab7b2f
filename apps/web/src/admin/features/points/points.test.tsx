import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPointsGoodsView, AdminPointsOrderRowView } from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { routes } from './routes';
import { PointsGoodsPage } from './pages/PointsGoodsPage';
import { PointsOrdersPage } from './pages/PointsOrdersPage';

const ME = {
  id: 1,
  username: 'admin',
  name: '平台运营',
  role: 'admin',
  role_label: '管理员',
  permissions: ['marketing.read', 'marketing.edit', 'order.read', 'order.ship'],
};
const paged = (list: unknown[]) => ok({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });

const GIFT: AdminPointsGoodsView = {
  id: 4,
  name: '电子体温计',
  image: '/media/t.svg',
  description: '',
  points: 600,
  stock: 8,
  stock_state: 'low',
  stock_text: '库存紧张',
  per_member: 1,
  redeemed: 2,
  goods_id: 0,
  on_sale: 1,
  sort: 65,
  goods_name: '',
  created_at: '2026-11-25 09:00:00',
};
const ORDER: AdminPointsOrderRowView = {
  id: 31,
  order_no: 'KC2026112500000031',
  status: 1,
  status_text: '待发货',
  created_at: '2026-11-25 10:00:00',
  points: 600,
  lines: [{ gift_id: 4, name: '电子体温计', number: 1, image: '', points: 600 }],
  address: {
    consignee: '王建国',
    phone: '13800138000',
    region: '浙江省 杭州市 西湖区',
    address: '文三路 398 号',
  },
  carrier: '',
  tracking_no: '',
  shipped_at: '',
  cancelled_at: '',
  cancel_reason: '',
  member_id: 2,
  company: '杭州康宁大药房有限公司',
  username: 'demo',
};

function renderAt(page: React.ReactNode, reply: (call: FetchCall) => StubReply) {
  const stub = stubFetch(reply);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: page }]);
  render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return stub;
}
const bodyOf = (c: FetchCall) => Object.fromEntries(new URLSearchParams(c.body));

afterEach(() => vi.restoreAllMocks());

describe('points mall routes', () => {
  it('puts gifts and points orders under 营销管理', () => {
    expect(routes.map((r) => [r.path, r.access, r.menu?.group])).toEqual([
      ['points/goods', 'marketing.read', 'marketing'],
      ['points/orders', 'order.read', 'marketing'],
    ]);
  });
});

describe('积分礼品', () => {
  it('lists gifts and creates one from the drawer, checked by the shared schema', async () => {
    const stub = renderAt(<PointsGoodsPage />, (call) => {
      if (call.path === '/api/admin/me') return ok(ME);
      if (call.method === 'GET') return paged([GIFT]);
      return ok({ ...GIFT, id: 9, name: '定制药箱' }, '礼品已创建');
    });
    expect(await screen.findByText('电子体温计')).toBeInTheDocument();
    expect(screen.getByText('库存紧张')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '新增礼品' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入礼品名称')).toBeInTheDocument();
    await userEvent.type(within(drawer).getByLabelText('礼品名称'), '定制药箱');
    const stock = within(drawer).getByLabelText('库存');
    await userEvent.clear(stock);
    await userEvent.type(stock, '60');
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = stub.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/admin/points/goods');
    expect(bodyOf(post)).toMatchObject({ name: '定制药箱', stock: '60', points: '100', on_sale: '1' });
  });
});

describe('积分订单', () => {
  it('ships an order with carrier and tracking number', async () => {
    const stub = renderAt(<PointsOrdersPage />, (call) => {
      if (call.path === '/api/admin/me') return ok(ME);
      if (call.method === 'GET') return paged([ORDER]);
      return ok({ ...ORDER, status: 2, status_text: '已发货' }, '已发货');
    });
    expect(await screen.findByText('KC2026112500000031')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.path === '/api/admin/points/orders')!.query.get('status')).toBe('1');
    await userEvent.click(await screen.findByRole('button', { name: /^发\s*货$/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('承运商'), '顺丰速运');
    await userEvent.type(within(dialog).getByLabelText('运单号'), 'SF1406273318');
    await userEvent.click(within(dialog).getByRole('button', { name: /确认发货/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = stub.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/admin/points/orders/31/ship');
    expect(bodyOf(post)).toEqual({ carrier: '顺丰速运', tracking_no: 'SF1406273318' });
  });

  it('cancels with a reason', async () => {
    const stub = renderAt(<PointsOrdersPage />, (call) => {
      if (call.path === '/api/admin/me') return ok(ME);
      if (call.method === 'GET') return paged([ORDER]);
      return ok({ ...ORDER, status: 4, status_text: '已取消' }, '已取消，退回600积分');
    });
    await userEvent.click(await screen.findByRole('button', { name: /取\s*消/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/600 积分退回会员账户/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('取消原因'), '礼品缺货');
    await userEvent.click(within(dialog).getByRole('button', { name: /确认取消/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(stub.calls.find((c) => c.method === 'POST')!)).toEqual({ reason: '礼品缺货' });
  });
});
