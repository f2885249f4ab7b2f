import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  permissionsOf,
  type AdminOrderInvoiceView,
  type InvoiceDocView,
  type InvoiceIssueResult,
  type OperatorRole,
} from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { ME_KEY } from '../../shared';
import { ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { routes } from './routes';
import { InvoicesPage } from './pages/InvoicesPage';

const SLOW = { timeout: 10_000 };
const ME = (role: OperatorRole) => ({
  id: 3,
  username: role,
  name: `${role}的名字`,
  role,
  role_label: { admin: '管理员', service: '客服', warehouse: '仓库', finance: '财务' }[role],
  permissions: permissionsOf(role),
});

const doc = (over: Partial<InvoiceDocView> = {}): InvoiceDocView => ({
  id: 8,
  kind: 'blue',
  kind_text: '蓝字发票',
  status: 'issued',
  status_text: '已开具',
  invoice_no: '00261133000000000008',
  amount: '358.00',
  tax: '41.19',
  issued_at: '2026-11-17 10:00:00',
  red_of_no: '',
  pdf_url: '/api/admin/invoices/8/pdf',
  development: true,
  error: '',
  ...over,
});
const row = (over: Partial<AdminOrderInvoiceView> = {}): AdminOrderInvoiceView => ({
  order_id: 21,
  order_no: 'KC202611270021',
  order_status_text: '待发货',
  ordered_at: '2026-11-27 09:30:00',
  type: 2,
  type_text: '增值税专用发票',
  title: '杭州康宁大药房有限公司',
  tax_no: '91330106MA2CFK3X1L',
  amount: '1280.50',
  status: 'issuing',
  status_text: '开具中',
  documents: [],
  member_id: 1,
  company: '杭州康宁大药房有限公司',
  queue: 'pending',
  queue_text: '待开票',
  bank: '工商银行杭州分行',
  account: '1202020209000012345',
  address: '杭州市西湖区文三路1号',
  phone: '0571-88880000',
  ...over,
});

/** Waiting for its first invoice; the provider refused the last try. */
const PENDING = row({
  documents: [
    doc({
      id: 9,
      status: 'issuing',
      status_text: '开具中',
      invoice_no: '',
      amount: '1280.50',
      issued_at: '',
      pdf_url: '',
      development: false,
      error: '税号与开票信息不符',
    }),
  ],
});
/** Refunded in part after issue: its blue invoice waits for 红冲重开. */
const REISSUE = row({
  order_id: 22,
  order_no: 'KC202611260022',
  type: 1,
  type_text: '普通发票',
  title: '宁波海曙仁济药店',
  tax_no: '92330203MA2H11111X',
  amount: '200.00',
  status: 'issuing',
  company: '宁波海曙仁济药店',
  queue: 'reissue',
  queue_text: '待红冲重开',
  bank: '',
  account: '',
  address: '',
  phone: '',
  documents: [doc()],
});
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });

function renderPage(role: OperatorRole, issued: (ids: number[]) => InvoiceIssueResult[] = () => []) {
  const stub = stubFetch((call: FetchCall): StubReply => {
    if (call.path === '/api/admin/me') return ok(ME(role));
    if (call.path === '/api/admin/invoices') return page([PENDING, REISSUE]);
    if (call.path === '/api/admin/invoices/issue') {
      const ids = new URLSearchParams(call.body).getAll('order_ids[]').map(Number);
      const results = issued(ids);
      const failed = results.filter((r) => r.result === 'failed').length;
      const done = results.length - failed;
      return ok({ results }, failed ? `已开具${done}张，${failed}张失败` : `已开具${done}张`);
    }
    return ok(null);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The operator is known before the list arrives, so a missing button is the role's doing.
  client.setQueryData(ME_KEY, ME(role));
  const router = createMemoryRouter([{ path: '/', element: <InvoicesPage /> }]);
  render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return stub;
}

const rowOf = (orderNo: string) =>
  within(screen.getAllByRole('row').find((r) => r.textContent?.includes(orderNo))!);
const listCalls = (stub: { calls: FetchCall[] }) =>
  stub.calls.filter((c) => c.path === '/api/admin/invoices');

describe('invoices routes', () => {
  it('put 电子发票 in 订单管理 for invoice readers', () => {
    expect(routes.map((r) => [r.path, r.title, r.access, r.menu?.group])).toEqual([
      ['invoices', '电子发票', 'invoice.read', 'orders'],
    ]);
  });

  it('is for 财务 and 客服 (and 管理员), not 仓库', () => {
    expect(permissionsOf('finance')).toContain('invoice.read');
    expect(permissionsOf('service')).toContain('invoice.read');
    expect(permissionsOf('warehouse')).not.toContain('invoice.read');
  });
});

describe('电子发票', { timeout: 60_000 }, () => {
  it('lists the 待开票 queue with each order’s invoices, their PDFs and the provider’s refusal', async () => {
    const stub = renderPage('finance');
    expect(await screen.findByText('KC202611270021', {}, SLOW)).toBeInTheDocument();
    expect(listCalls(stub)[0]!.query.get('queue')).toBe('pending');

    const pending = rowOf('KC202611270021');
    expect(pending.getByRole('link', { name: 'KC202611270021' })).toHaveAttribute('href', '/orders/21');
    expect(pending.getByText('增值税专用发票')).toBeInTheDocument();
    expect(pending.getByText('91330106MA2CFK3X1L')).toBeInTheDocument();
    expect(pending.getByText('¥1280.50', { selector: 'td' })).toBeInTheDocument();
    expect(pending.getByText('待开票')).toHaveClass('ant-tag');
    expect(pending.getByText('开具失败：税号与开票信息不符')).toHaveClass('ant-typography-danger');
    expect(pending.queryByRole('link', { name: '查看PDF' })).not.toBeInTheDocument();

    const reissue = rowOf('KC202611260022');
    expect(reissue.getByText('待红冲重开')).toBeInTheDocument();
    expect(reissue.getByText('蓝字发票')).toBeInTheDocument();
    expect(reissue.getByText('00261133000000000008')).toBeInTheDocument();
    const pdf = reissue.getByRole('link', { name: '查看PDF' });
    expect(pdf).toHaveAttribute('href', '/api/admin/invoices/8/pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(reissue.getByText('开发环境')).toHaveClass('ant-tag-red');
    expect(reissue.getByRole('button', { name: '红冲并重开' })).toBeInTheDocument();
  });

  it('issues one order: posts its id, shows the summary and reads the queue again', async () => {
    const user = userEvent.setup();
    const stub = renderPage('finance', (ids) =>
      ids.map((id) => ({
        order_id: id,
        order_no: 'KC202611270021',
        result: 'issued',
        message: '电子发票已开具',
      })),
    );
    expect(await screen.findByText('KC202611270021', {}, SLOW)).toBeInTheDocument();
    const before = listCalls(stub).length;
    await user.click(rowOf('KC202611270021').getByRole('button', { name: '开具' }));
    expect(await screen.findByText('已开具1张')).toBeInTheDocument();
    const post = stub.calls.find((c) => c.path === '/api/admin/invoices/issue')!;
    expect(post.method).toBe('POST');
    expect(new URLSearchParams(post.body).getAll('order_ids[]')).toEqual(['21']);
    await waitFor(() => expect(listCalls(stub).length).toBeGreaterThan(before));
  });

  it('issues the selected orders at once and lists those the provider refused', async () => {
    const user = userEvent.setup();
    const stub = renderPage('finance', () => [
      { order_id: 21, order_no: 'KC202611270021', result: 'failed', message: '税号与开票信息不符' },
      { order_id: 22, order_no: 'KC202611260022', result: 'reissued', message: '已红冲并重新开具' },
    ]);
    expect(await screen.findByText('KC202611270021', {}, SLOW)).toBeInTheDocument();
    const batch = screen.getByRole('button', { name: /批量开具/ });
    expect(batch).toBeDisabled();
    await user.click(rowOf('KC202611270021').getByRole('checkbox'));
    await user.click(rowOf('KC202611260022').getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '批量开具（2）' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('为所选 2 个订单开具电子发票？');
    await user.click(within(dialog).getByRole('button', { name: /开\s*具/ }));
    expect(await screen.findByText('已开具1张，1张失败')).toBeInTheDocument();
    const post = stub.calls.find((c) => c.path === '/api/admin/invoices/issue')!;
    expect(new URLSearchParams(post.body).getAll('order_ids[]')).toEqual(['21', '22']);
    expect(await screen.findByText('订单 KC202611270021：税号与开票信息不符')).toBeInTheDocument();
    expect(screen.queryByText(/订单 KC202611260022：/)).not.toBeInTheDocument();
  });

  it('filters by queue (全部 sends none) and searches by keyword', async () => {
    const user = userEvent.setup();
    const stub = renderPage('finance');
    expect(await screen.findByText('KC202611270021', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '已红冲' }));
    await waitFor(() => expect(listCalls(stub).at(-1)!.query.get('queue')).toBe('flushed'));
    await user.click(screen.getByRole('tab', { name: '全部' }));
    await waitFor(() => expect(listCalls(stub).at(-1)!.query.has('queue')).toBe(false));
    await user.type(screen.getByRole('searchbox', { name: '搜索发票' }), '91330106{Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(listCalls(stub).at(-1)!.query)).toMatchObject({
        keyword: '91330106',
        page: '1',
      }),
    );
  });

  it('shows 客服 (invoice.read only) the queue without any issue button or selection', async () => {
    renderPage('service');
    expect(await screen.findByText('KC202611270021', {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '查看PDF' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '开具' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '红冲并重开' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /批量开具/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByText('操作')).not.toBeInTheDocument();
  });
});
