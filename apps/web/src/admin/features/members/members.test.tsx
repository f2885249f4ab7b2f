import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMemberDetail, AdminMemberRow, LicenceExpiringBoard, Permission } from '@kc/domain';
import { ok, stubFetch, type FetchCall } from '../../../test/fetch-stub';
import { LicencesPage } from './pages/LicencesPage';
import { MemberDetailPage } from './pages/MemberDetailPage';
import { MembersPage } from './pages/MembersPage';

afterEach(() => vi.unstubAllGlobals());

const SERVICE: Permission[] = ['member.read', 'member.review', 'member.edit', 'member.disable'];

const row: AdminMemberRow = {
  id: 3,
  username: 'pending',
  company: '宁波仁和诊所',
  company_type: '诊所',
  phone: '13900139000',
  region: '浙江省 宁波市 海曙区',
  status: 'pending',
  pending_documents: 2,
  contact: '陈芳',
  service_staff_id: null,
  service_staff_name: '',
  disabled: false,
  created_at: '2026-11-20T02:00:00.000Z',
};

const doc = (id: number, mime: string, type: 'business_licence' | 'hm_letter', name: string) => ({
  id,
  type,
  type_name: name,
  number: `NO-${id}`,
  valid_from: '2026-01-01',
  valid_to: '2027-01-01',
  status: 'pending' as const,
  status_name: '审核中',
  reject_reason: '',
  image: `/api/admin/documents/${id}/file`,
  mime,
  days_left: 37,
  expired: false,
  expiring: false,
  created_at: '2026-11-20T02:00:00.000Z',
});

const detail: AdminMemberDetail = {
  ...row,
  name: '陈芳',
  contact_phone: '13900139000',
  address: '浙江省宁波市海曙区中山西路 88 号',
  business_licence_no: '91330203MA2GU8PL0C',
  drug_licence_no: 'PDY0001433020317',
  scope: ['中成药'],
  rank: 1,
  reject_reason: '',
  contract_signed_at: null,
  documents: [
    doc(11, 'application/pdf', 'business_licence', '营业执照'),
    doc(12, 'image/png', 'hm_letter', '含麻药品采购委托书'),
  ],
};

const board: LicenceExpiringBoard = {
  list: [
    {
      document_id: 21,
      member_id: 1,
      username: 'demo',
      company: '杭州康宁大药房有限公司',
      phone: '13800138000',
      type: 'drug_licence',
      type_name: '药品经营许可证',
      number: '浙AA5710362',
      valid_to: '2026-12-05',
      status: 'approved',
      days_left: 10,
      file: '/api/admin/documents/21/file',
    },
  ],
  total: 1,
  page: 1,
  page_size: 20,
  total_page: 1,
  within: '30',
  counts: { expired: 2, d30: 1, d60: 4, d90: 7 },
};

function serve(permissions: Permission[], extra: (c: FetchCall) => unknown = () => undefined) {
  return stubFetch((c) => {
    const answer = extra(c);
    if (answer !== undefined) return ok(answer);
    if (c.path === '/api/admin/me')
      return ok({
        id: 2,
        username: 'kefu',
        name: '客服专员',
        role: 'service',
        role_label: '客服',
        permissions,
      });
    if (c.path === '/api/admin/service_staff')
      return ok([{ id: 1, name: '李晓梅', phone: '400', is_default: true }]);
    if (c.path === '/api/admin/members')
      return ok({ list: [row], total: 1, page: 1, page_size: 20, total_page: 1 });
    if (c.path === '/api/admin/members/3') return ok(detail);
    if (c.path === '/api/admin/licences/expiring') return ok(board);
    if (c.method === 'POST') return ok(detail);
    return ok(null);
  });
}

function show(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/members', element: <MembersPage /> },
      { path: '/members/:id', element: <MemberDetailPage /> },
      { path: '/licences', element: <LicencesPage /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The open dialog with this title (antd's test ids leave dialogs without an accessible name). */
const dialogTitled = async (title: string) => {
  const dialogs = await screen.findAllByRole('dialog');
  await waitFor(() => expect(dialogs.some((d) => within(d).queryByText(title))).toBe(true));
  return dialogs.find((d) => within(d).queryByText(title))!;
};

const lastCall = (calls: FetchCall[], path: string) => calls.filter((c) => c.path === path).at(-1);

describe('会员审核 list', () => {
  it('lists the pending queue, switches tabs and searches', async () => {
    const { calls } = serve(SERVICE);
    const user = userEvent.setup();
    show('/members?status=pending');
    expect(await screen.findByRole('link', { name: '宁波仁和诊所' })).toHaveAttribute('href', '/members/3');
    expect(lastCall(calls, '/api/admin/members')?.query.get('status')).toBe('pending');
    await user.click(screen.getByRole('tab', { name: '全部' }));
    await waitFor(() => expect(lastCall(calls, '/api/admin/members')?.query.get('status')).toBe('all'));
    await user.type(screen.getByRole('searchbox', { name: '搜索会员' }), 'PDY0001{Enter}');
    await waitFor(() => expect(lastCall(calls, '/api/admin/members')?.query.get('keyword')).toBe('PDY0001'));
  });
});

describe('会员详情', () => {
  it('shows registration data and each document inline', async () => {
    serve(SERVICE);
    show('/members/3');
    expect(await screen.findByText('PDY0001433020317')).toBeInTheDocument();
    expect(screen.getByText('浙江省宁波市海曙区中山西路 88 号')).toBeInTheDocument();
    expect(screen.getByTitle('营业执照')).toHaveAttribute('src', '/api/admin/documents/11/file');
    expect(screen.getByRole('img', { name: '含麻药品采购委托书' })).toHaveAttribute(
      'src',
      '/api/admin/documents/12/file',
    );
  });

  it('approves after a confirmation, and rejects only with a reason', async () => {
    const { calls } = serve(SERVICE);
    const user = userEvent.setup();
    show('/members/3');
    await user.click(await screen.findByRole('button', { name: '审核通过' }));
    await user.click(await screen.findByRole('button', { name: '确 定' }));
    await waitFor(() => expect(lastCall(calls, '/api/admin/members/3/approve')?.method).toBe('POST'));

    await user.click(screen.getByRole('button', { name: '驳 回' }));
    const dialog = await dialogTitled('驳回资质审核');
    await user.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(lastCall(calls, '/api/admin/members/3/reject')).toBeUndefined();
    await user.type(within(dialog).getByRole('textbox'), '营业执照不清晰');
    await user.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() =>
      expect(lastCall(calls, '/api/admin/members/3/reject')?.body).toBe(
        `reason=${encodeURIComponent('营业执照不清晰')}`,
      ),
    );
  });

  it('disables with a reason and edits a document’s expiry', async () => {
    const { calls } = serve(SERVICE);
    const user = userEvent.setup();
    show('/members/3');
    await user.click(await screen.findByRole('button', { name: '停用账号' }));
    const dialog = await dialogTitled('停用账号');
    await user.type(within(dialog).getByRole('textbox'), '资质过期未续');
    await user.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(lastCall(calls, '/api/admin/members/3/disable')?.method).toBe('POST'));

    await user.click(screen.getAllByRole('button', { name: '修改' })[0]!);
    const edit = await dialogTitled('修改营业执照');
    const to = within(edit).getByLabelText('有效期至');
    await user.clear(to);
    await user.type(to, '2029-12-31');
    await user.click(within(edit).getByRole('button', { name: '保 存' }));
    await waitFor(() =>
      expect(lastCall(calls, '/api/admin/documents/11')?.body).toContain('valid_to=2029-12-31'),
    );
  });

  it('a role that may only read sees no review or disable buttons', async () => {
    const { calls } = serve(['member.read']);
    show('/members/3');
    expect(await screen.findByText('PDY0001433020317')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/me')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: '审核通过' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '停用账号' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存经营范围' })).not.toBeInTheDocument();
  });
});

describe('证照效期 board', () => {
  it('shows each bucket with its count and switches bucket', async () => {
    const { calls } = serve(SERVICE);
    const user = userEvent.setup();
    show('/licences?within=30');
    expect(await screen.findByText('浙AA5710362')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '已过期（2）' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '90天内到期（7）' })).toBeInTheDocument();
    expect(screen.getByText('剩 10 天')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '60天内到期（4）' }));
    await waitFor(() =>
      expect(lastCall(calls, '/api/admin/licences/expiring')?.query.get('within')).toBe('60'),
    );
  });
});
