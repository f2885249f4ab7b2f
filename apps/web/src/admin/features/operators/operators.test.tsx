import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditRowView, DashboardView, OperatorView } from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { routes } from './routes';
import { DashboardPage } from './pages/DashboardPage';
import { OperatorsPage } from './pages/OperatorsPage';
import { AuditPage } from './pages/AuditPage';

const figure = (value: number, path: string) => ({ value, path });
const DASHBOARD: DashboardView = {
  date: '2026-11-25',
  today_orders: figure(12, 'orders?status=all&start_date=2026-11-25&end_date=2026-11-25'),
  today_sales: { value: '3456.70', path: 'orders?status=all&start_date=2026-11-25&end_date=2026-11-25' },
  pending_members: figure(3, 'members?status=pending'),
  transfers_to_confirm: figure(2, 'orders?status=0&payment_method=offline'),
  orders_to_ship: figure(5, 'orders?status=1'),
  returns_to_approve: figure(1, 'returns?status=pending'),
  returns_to_receive: figure(0, 'returns?status=approved'),
  returns_to_refund: figure(0, 'returns?status=received'),
  low_stock_goods: figure(4, 'goods?stock=low'),
  near_expiry_goods: figure(7, 'lots?expiry=near'),
  expired_lots: { value: 1, units: 500, path: 'lots?expiry=expired' },
};

const op = (over: Partial<OperatorView>): OperatorView => ({
  id: 1,
  username: 'admin',
  name: '平台运营',
  phone: '',
  role: 'admin',
  role_text: '管理员',
  disabled: 0,
  last_login_at: '2026-11-25 09:00:00',
  created_at: '2026-11-01 09:00:00',
  ...over,
});
const OPERATORS = [
  op({}),
  op({ id: 2, username: 'kefu', name: '客服专员', role: 'service', role_text: '客服' }),
];
const ME = {
  id: 1,
  username: 'admin',
  name: '平台运营',
  role: 'admin',
  role_label: '管理员',
  permissions: [],
};
const paged = (list: unknown[]) => ok({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });

const AUDIT: AuditRowView = {
  id: 9,
  operator_id: 1,
  operator_name: 'admin',
  role: 'admin',
  role_text: '管理员',
  action: 'operator.update',
  method: 'POST',
  path: '/api/admin/operators/:id',
  entity: 'operator',
  entity_id: '2',
  summary: '修改运营人员 客服专员（kefu）',
  before: { name: '客服专员', role: 'service' },
  after: { name: '客服主管', role: 'service' },
  request: { name: '客服主管', role: 'service' },
  status: 200,
  ip: '10.0.0.1',
  created_at: '2026-11-25 10:00:00',
};

function Where() {
  const l = useLocation();
  return <p>当前位置 {l.pathname + l.search}</p>;
}

function renderAt(page: React.ReactNode, reply: (call: FetchCall) => StubReply) {
  const stub = stubFetch(reply);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    { path: '/', element: page },
    { path: '*', element: <Where /> },
  ]);
  render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return stub;
}

afterEach(() => vi.restoreAllMocks());

describe('operator routes', () => {
  it('put 工作台 at the index for every role and the two system pages for 管理员', () => {
    expect(routes.map((r) => [r.path, r.title, r.access, r.menu?.group])).toEqual([
      ['', '工作台', 'dashboard.read', 'dashboard'],
      ['operators', '运营人员', 'operator.manage', 'system'],
      ['audit', '操作日志', 'audit.read', 'system'],
    ]);
  });
});

describe('工作台', () => {
  it('shows each figure and opens its list', async () => {
    renderAt(<DashboardPage />, () => ok(DASHBOARD));
    const pending = await screen.findByRole('link', { name: '待审核会员' });
    expect(within(pending).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: '今日销售额' })).getByText(/3,456/)).toBeInTheDocument();
    expect(screen.getByText('共 500 件待处理')).toBeInTheDocument();
    await userEvent.click(pending);
    expect(await screen.findByText('当前位置 /members?status=pending')).toBeInTheDocument();
  });

  it('opens the low-stock goods list', async () => {
    renderAt(<DashboardPage />, () => ok(DASHBOARD));
    await userEvent.click(await screen.findByRole('link', { name: '低库存商品（少于10件）' }));
    expect(await screen.findByText('当前位置 /goods?stock=low')).toBeInTheDocument();
  });
});

describe('运营人员', () => {
  const reply = (call: FetchCall): StubReply => {
    if (call.path === '/api/admin/me') return ok(ME);
    if (call.method === 'GET') return paged(OPERATORS);
    if (call.path === '/api/admin/operators')
      return ok(op({ id: 3, username: 'wangwu', role: 'warehouse' }), '已创建');
    return ok(op({ id: 2, username: 'kefu', disabled: 1 }));
  };

  it('lists accounts and searches by username or name', async () => {
    const stub = renderAt(<OperatorsPage />, reply);
    expect(await screen.findByText('kefu')).toBeInTheDocument();
    expect(screen.getByText('客服')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('用户名或姓名'), '客服{Enter}');
    await waitFor(() =>
      expect(
        stub.calls.some((c) => c.path === '/api/admin/operators' && c.query.get('keyword') === '客服'),
      ).toBe(true),
    );
  });

  it('creates an account from the drawer', async () => {
    const stub = renderAt(<OperatorsPage />, reply);
    await userEvent.click(await screen.findByRole('button', { name: '新建运营人员' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.type(within(drawer).getByLabelText('用户名'), 'wangwu');
    await userEvent.type(within(drawer).getByLabelText('姓名'), '王五');
    await userEvent.type(within(drawer).getByLabelText('初始密码'), 'short');
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    expect(await within(drawer).findByText('密码至少8位')).toBeInTheDocument();
    await userEvent.clear(within(drawer).getByLabelText('初始密码'));
    await userEvent.type(within(drawer).getByLabelText('初始密码'), 'Cangku2026');
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = stub.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/admin/operators');
    expect(new URLSearchParams(post.body).get('username')).toBe('wangwu');
    expect(new URLSearchParams(post.body).get('role')).toBe('service');
    expect(await screen.findByText('已创建 wangwu')).toBeInTheDocument();
  });

  it('asks before disabling, and offers no disable on oneself', async () => {
    const stub = renderAt(<OperatorsPage />, reply);
    const row = (await screen.findByText('kefu')).closest('tr')!;
    const adminRow = screen.getByText('平台运营').closest('tr')!;
    expect(within(adminRow).queryByRole('button', { name: '停用' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: '停用' }));
    expect(
      await screen.findByText('停用后该账号立即退出登录，且不能再登录，直到重新启用。'),
    ).toBeInTheDocument();
    // The confirm dialog's own button (antd spaces two-character labels: 停 用).
    await userEvent.click(screen.getAllByRole('button', { name: /停\s*用/ }).at(-1)!);
    await waitFor(() =>
      expect(stub.calls.some((c) => c.path === '/api/admin/operators/2/disable')).toBe(true),
    );
  });

  it('resets a password with a confirmation field', async () => {
    const stub = renderAt(<OperatorsPage />, reply);
    const row = (await screen.findByText('kefu')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '重置密码' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('新密码'), 'Newpass2026');
    await userEvent.type(within(dialog).getByLabelText('确认新密码'), 'Newpass2027');
    await userEvent.click(within(dialog).getByRole('button', { name: /重\s*置/ }));
    expect(await within(dialog).findByText('两次输入的密码不一致')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('确认新密码'));
    await userEvent.type(within(dialog).getByLabelText('确认新密码'), 'Newpass2026');
    await userEvent.click(within(dialog).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.path === '/api/admin/operators/2/password')).toBe(true),
    );
    const call = stub.calls.find((c) => c.path === '/api/admin/operators/2/password')!;
    expect(new URLSearchParams(call.body).get('password')).toBe('Newpass2026');
    expect(new URLSearchParams(call.body).has('confirm')).toBe(false);
  });
});

describe('操作日志', () => {
  const reply = (call: FetchCall): StubReply =>
    call.path === '/api/admin/operators' ? paged(OPERATORS) : paged([AUDIT]);

  it('filters and shows before and after side by side', async () => {
    const stub = renderAt(<AuditPage />, reply);
    const cell = await screen.findByText('修改运营人员 客服专员（kefu）');
    await userEvent.type(screen.getByLabelText('关键词'), '客服');
    await userEvent.type(screen.getByLabelText('对象ID'), '2');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => {
      const last = stub.calls.filter((c) => c.path === '/api/admin/audit').at(-1)!;
      expect(last.query.get('keyword')).toBe('客服');
      expect(last.query.get('entity_id')).toBe('2');
    });
    await userEvent.click(cell);
    expect(await screen.findByText('修改前')).toBeInTheDocument();
    expect(screen.getByText('客服专员')).toBeInTheDocument();
    expect(screen.getByText('客服主管', { selector: 'strong, strong *' })).toBeInTheDocument();
  });
});
