import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CouponAdminView, CouponUsageView } from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { routes } from './routes';
import { CouponsPage } from './pages/CouponsPage';
import { CouponUsagePage } from './pages/CouponUsagePage';

const coupon = (over: Partial<CouponAdminView>): CouponAdminView => ({
  id: 1,
  name: '新客满200减20',
  kind: 'manjian',
  kind_text: '满减',
  threshold: '200.00',
  amount: '20.00',
  rate: 1000,
  text: '满200.00减20.00',
  scope: 'all',
  scope_text: '全场通用',
  scope_ids: [],
  valid_from: '2026-11-24 00:00:00',
  valid_to: '2027-01-24 00:00:00',
  valid_days: 0,
  validity_text: '2026-11-24 至 2027-01-24',
  published: 1,
  claim_starts_at: '',
  claim_ends_at: '',
  total: 500,
  claimed: 120,
  per_member: 1,
  description: '',
  status: 'claiming',
  status_text: '领取中',
  editable: 0,
  created_at: '2026-11-24 09:00:00',
  ...over,
});
const LIST = [
  coupon({}),
  coupon({
    id: 2,
    name: '95折草稿',
    kind: 'discount',
    kind_text: '折扣',
    published: 0,
    status: 'draft',
    status_text: '未发布',
    claimed: 0,
    editable: 1,
  }),
];
const ME = (permissions: string[]) => ({
  id: 1,
  username: 'admin',
  name: '平台运营',
  role: 'admin',
  role_label: '管理员',
  permissions,
});
const paged = (list: unknown[]) => ok({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });

function renderAt(page: React.ReactNode, path: string, reply: (call: FetchCall) => StubReply) {
  const stub = stubFetch(reply);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element: page }], {
    initialEntries: [path.replace(':id', '1')],
  });
  render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return stub;
}
afterEach(() => vi.restoreAllMocks());

describe('coupon routes', () => {
  it('put 优惠券 in the marketing menu for readers', () => {
    expect(routes.map((r) => [r.path, r.title, r.access, r.menu?.group])).toEqual([
      ['coupons', '优惠券', 'marketing.read', 'marketing'],
      ['coupons/:id/usage', '使用情况', 'marketing.read', undefined],
    ]);
  });
});

describe('优惠券', () => {
  const reply =
    (permissions: string[]) =>
    (call: FetchCall): StubReply => {
      if (call.path === '/api/admin/me') return ok(ME(permissions));
      if (call.method === 'GET') return paged(LIST);
      return ok(coupon({ id: 3, name: '30天券' }), '已创建');
    };

  it('lists coupons with their state and filters by status; readers see no write buttons', async () => {
    const stub = renderAt(<CouponsPage />, '/', reply(['marketing.read']));
    expect(await screen.findByText('新客满200减20', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('领取中')).toBeInTheDocument();
    expect(screen.getByText('120 / 500')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建优惠券' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: '状态' }));
    await userEvent.click(await screen.findByTitle('未发布'));
    await waitFor(() =>
      expect(
        stub.calls.some((c) => c.path === '/api/admin/coupons' && c.query.get('status') === 'draft'),
      ).toBe(true),
    );
  });

  it('creates a coupon valid N days after the claim from the drawer', async () => {
    const stub = renderAt(<CouponsPage />, '/', reply(['marketing.read', 'marketing.edit']));
    await userEvent.click(await screen.findByRole('button', { name: '新建优惠券' }, { timeout: 10_000 }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.type(within(drawer).getByLabelText('名称'), '30天券');
    await userEvent.clear(within(drawer).getByLabelText('使用门槛（元，0为无门槛）'));
    await userEvent.type(within(drawer).getByLabelText('使用门槛（元，0为无门槛）'), '300');
    await userEvent.type(within(drawer).getByLabelText('优惠金额（元）'), '25');
    await userEvent.click(within(drawer).getByLabelText('领取后N天'));
    await userEvent.type(await within(drawer).findByLabelText('领取后有效天数'), '30');
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    const body = new URLSearchParams(stub.calls.find((c) => c.method === 'POST')!.body);
    expect(stub.calls.find((c) => c.method === 'POST')!.path).toBe('/api/admin/coupons');
    expect(Object.fromEntries([...body].filter(([k]) => !k.startsWith('scope_ids')))).toMatchObject({
      name: '30天券',
      kind: 'manjian',
      threshold: '300.00',
      amount: '25.00',
      valid_days: '30',
      valid_from: '',
      published: 'false',
    });
  });

  it('unpublishes after a confirmation', async () => {
    const stub = renderAt(<CouponsPage />, '/', reply(['marketing.read', 'marketing.edit']));
    const row = (await screen.findByText('新客满200减20', {}, { timeout: 10_000 })).closest('tr')!;
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: /下\s*架/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /下\s*架/ }));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.path === '/api/admin/coupons/1/unpublish')).toBe(true),
    );
  });
});

describe('使用情况', () => {
  it('shows the counts and the orders that used it', async () => {
    const usage: CouponUsageView = {
      coupon: coupon({}),
      claimed: 120,
      by_claim: 100,
      by_issue: 20,
      used: 2,
      unused: 115,
      expired: 3,
      discount_total: '40.00',
      orders: {
        list: [
          {
            order_id: 9,
            order_no: 'KC202611250001',
            member_id: 7,
            company: '杭州康宁大药房有限公司',
            member_coupon_id: 5,
            discount: '20.00',
            pay_amount: '480.00',
            used_at: '2026-11-25 10:00:00',
          },
        ],
        total: 1,
        page: 1,
        page_size: 20,
        total_page: 1,
      },
    };
    renderAt(<CouponUsagePage />, '/coupons/:id/usage', () => ok(usage));
    expect(await screen.findByText('KC202611250001', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('已过期').closest('.ant-statistic')).toHaveTextContent('3');
    expect(screen.getByText('优惠总额（元）').closest('.ant-statistic')).toHaveTextContent('40.00');
  });
});
