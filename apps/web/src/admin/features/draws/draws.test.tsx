import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDrawDetail, AdminDrawPrize, AdminDrawRecordRow } from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { routes } from './routes';
import { DrawsPage } from './pages/DrawsPage';
import { DrawDetailPage } from './pages/DrawDetailPage';

const ME = {
  id: 1,
  username: 'admin',
  name: '平台运营',
  role: 'admin',
  role_label: '管理员',
  permissions: ['marketing.read', 'marketing.edit'],
};
const paged = (list: unknown[]) => ok({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });

const prize = (over: Partial<AdminDrawPrize>): AdminDrawPrize => ({
  id: 1,
  name: '200积分',
  kind: 'points',
  kind_text: '积分',
  image: '',
  value: 200,
  amount: '0.00',
  coupon_template_id: null,
  coupon_name: '',
  odds: 2000,
  stock: 500,
  awarded: 3,
  sort: 1,
  ...over,
});
const DRAW: AdminDrawDetail = {
  id: 7,
  name: '幸运大抽奖',
  description: '每位会员限抽一次',
  image: '',
  start_time: '2026-11-24 10:00:00',
  end_time: '2026-12-24 10:00:00',
  enabled: true,
  status: 'running',
  status_text: '进行中',
  prizes: 2,
  joined: 12,
  prizes_list: [
    prize({}),
    prize({
      id: 2,
      name: '电子血压计',
      kind: 'goods',
      kind_text: '实物',
      value: 0,
      odds: 100,
      stock: 5,
      awarded: 1,
      sort: 2,
    }),
  ],
  odds_total: 2100,
};
const WINNER: AdminDrawRecordRow = {
  id: 31,
  member_id: 5,
  member_name: 'demo',
  company: '康采大药房',
  prize_id: 2,
  prize_name: '电子血压计',
  prize_kind: 'goods',
  prize_kind_text: '实物',
  fulfilment: 'pending',
  fulfilment_text: '待发货',
  created_at: '2026-11-25 10:00:00',
};

function renderAt(path: string, reply: (call: FetchCall) => StubReply) {
  const stub = stubFetch((call) => (call.path === '/api/admin/me' ? ok(ME) : reply(call)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/draws', element: <DrawsPage /> },
      { path: '/draws/:id', element: <DrawDetailPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return stub;
}

afterEach(() => vi.restoreAllMocks());

describe('draw routes', () => {
  it('list 抽奖活动 under 营销管理 for marketing.read, with its detail page', () => {
    expect(routes.map((r) => [r.path, r.title, r.access, r.menu?.group])).toEqual([
      ['draws', '抽奖活动', 'marketing.read', 'marketing'],
      ['draws/:id', '抽奖详情', 'marketing.read', undefined],
    ]);
  });
});

describe('抽奖活动', () => {
  it('lists draws with their state and turnout', async () => {
    renderAt('/draws', () => paged([DRAW]));
    expect(await screen.findByRole('link', { name: '幸运大抽奖' })).toHaveAttribute('href', '/admin/draws/7');
    expect(screen.getByText('进行中')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '新建抽奖' })).toBeInTheDocument();
  });
});

describe('抽奖详情', () => {
  const reply = (call: FetchCall): StubReply => {
    if (call.path === '/api/admin/draws/7') return ok(DRAW);
    if (call.path === '/api/admin/draws/7/records') return paged([WINNER]);
    return ok(null, '已标记发货');
  };

  it('shows prizes with odds and what is left to nobody', async () => {
    renderAt('/draws/7', reply);
    expect(await screen.findByText('2000/10000（20.00%）')).toBeInTheDocument();
    expect(screen.getByText('概率合计 2100/10000，未中奖 79.00%')).toBeInTheDocument();
    expect(screen.getByText('200 积分')).toBeInTheDocument();
  });

  it('filters winners by prize and marks a goods prize shipped after a confirmation', async () => {
    const stub = renderAt('/draws/7', reply);
    const winners = (await screen.findByText('中奖记录')).closest('.ant-card') as HTMLElement;
    expect(await within(winners).findByText('康采大药房')).toBeInTheDocument();
    await userEvent.click(within(winners).getByRole('combobox', { name: '奖品' }));
    await userEvent.click(await screen.findByTitle('电子血压计'));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.path.endsWith('/records') && c.query.get('prize_id') === '2')).toBe(
        true,
      ),
    );
    await userEvent.click(within(winners).getByRole('button', { name: '标记发货' }));
    await userEvent.click(await screen.findByRole('button', { name: '已发货' }));
    await waitFor(() =>
      expect(
        stub.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/draw_records/31/ship'),
      ).toBe(true),
    );
  });

  it('adds a balance prize with its amount in yuan', async () => {
    const stub = renderAt('/draws/7', reply);
    await userEvent.click(await screen.findByRole('button', { name: '添加奖品' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('奖品名称'), '10元余额');
    await userEvent.click(within(dialog).getByLabelText('奖品类型'));
    await userEvent.click(await screen.findByTitle('余额'));
    await userEvent.type(await within(dialog).findByLabelText('余额金额（元）'), '10');
    await userEvent.clear(within(dialog).getByLabelText(/中奖概率/));
    await userEvent.type(within(dialog).getByLabelText(/中奖概率/), '500');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.path === '/api/admin/draws/7/prizes')).toBe(true));
    const body = new URLSearchParams(stub.calls.find((c) => c.path === '/api/admin/draws/7/prizes')!.body);
    expect(Object.fromEntries(body)).toMatchObject({
      name: '10元余额',
      kind: 'balance',
      amount: '10',
      odds: '500',
    });
  });
});
