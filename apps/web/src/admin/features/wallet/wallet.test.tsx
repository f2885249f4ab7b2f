import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import qs from 'qs';
import type { Permission, WalletMemberView } from '@kc/domain';
import { ok, stubFetch, type FetchCall } from '../../../test/fetch-stub';
import { WalletPage } from './pages/WalletPage';

afterEach(() => vi.unstubAllGlobals());

const member: WalletMemberView = {
  id: 7,
  username: 'demo',
  company: '杭州康宁大药房有限公司',
  phone: '13800000001',
  balance: '20000.00',
  points: 840,
};

function mount(permissions: Permission[]) {
  const stub = stubFetch((c: FetchCall) => {
    if (c.path === '/api/admin/me')
      return ok({ id: 4, username: 'caiwu', name: '财务', role: 'finance', role_label: '财务', permissions });
    if (c.path === '/api/admin/wallet/members')
      return ok({ list: [member], total: 1, page: 1, page_size: 20, total_page: 1 });
    if (c.path === '/api/admin/members/7/money_log')
      return ok({
        list: [
          {
            id: 1,
            amount: '20000.00',
            balance: '20000.00',
            use_type: 1,
            use_type_text: '充值',
            order_no: '',
            remark: '线下充值（演示）',
            created_at: '2026-03-01 10:00:00',
          },
        ],
        total: 1,
        page: 1,
        page_size: 20,
        total_page: 1,
      });
    if (c.path === '/api/admin/members/7/points_log')
      return ok({ list: [], total: 0, page: 1, page_size: 20, total_page: 0, points: 840 });
    if (c.path === '/api/admin/members/7/balance_adjust')
      return ok({ member_id: 7, before: '20000.00', after: '19990.00' });
    return ok(null);
  });
  const router = createMemoryRouter([{ path: '/wallet', element: <WalletPage /> }], {
    initialEntries: ['/wallet'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return stub;
}

describe('余额与积分', () => {
  it('finance deducts balance with a reason', async () => {
    const stub = mount(['member.read', 'wallet.adjust', 'points.adjust']);
    const user = userEvent.setup();
    expect(await screen.findByText('杭州康宁大药房有限公司', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '余额调整' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('扣减'));
    await user.type(within(dialog).getByLabelText('金额'), '10');
    await user.click(within(dialog).getByRole('button', { name: '确认调整' }));
    expect(await within(dialog).findByText('请填写调整原因')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('调整原因'), '核对差额');
    await user.click(within(dialog).getByRole('button', { name: '确认调整' }));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.path === '/api/admin/members/7/balance_adjust')).toBe(true),
    );
    const call = stub.calls.find((c) => c.path === '/api/admin/members/7/balance_adjust')!;
    expect(qs.parse(call.body)).toEqual({ amount: '-10.00', reason: '核对差额' });
  });

  it('without the adjust permissions only the logs are offered', async () => {
    mount(['member.read']);
    const user = userEvent.setup();
    expect(await screen.findByText('杭州康宁大药房有限公司', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '明细' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '余额调整' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '积分调整' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '明细' }));
    expect(await screen.findByText('线下充值（演示）')).toBeInTheDocument();
  });
});
