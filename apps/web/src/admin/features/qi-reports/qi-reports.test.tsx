import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { permissionsOf, type OperatorRole, type QiReportView } from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { ME_KEY } from '../../shared';
import { fail, ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { routes } from './routes';
import { QiReportsPage } from './pages/QiReportsPage';

const SLOW = { timeout: 10_000 };
const ME = (role: OperatorRole) => ({
  id: 3,
  username: role,
  name: `${role}的名字`,
  role,
  role_label: { admin: '管理员', service: '客服', warehouse: '仓库', finance: '财务' }[role],
  permissions: permissionsOf(role),
});

const report = (over: Partial<QiReportView> = {}): QiReportView => ({
  id: 5,
  goods: {
    id: 7,
    name: '阿莫西林胶囊',
    ypgg: '0.25g*24粒',
    sccj: '华北制药股份有限公司',
    approval_no: '国药准字H13023964',
  },
  batch_no: '2311027',
  produced_on: '2023-11-02',
  expires_on: '2025-10-31',
  uploaded_at: '2026-11-20 10:00:00',
  mime: 'application/pdf',
  file_url: '/api/admin/qi_reports/5/file',
  ...over,
});
const PDF = report();
const PHOTO = report({
  id: 6,
  goods: {
    id: 8,
    name: '布洛芬缓释胶囊',
    ypgg: '0.3g*20粒',
    sccj: '中美天津史克',
    approval_no: '国药准字H10900089',
  },
  batch_no: 'B-2409/01',
  produced_on: '',
  expires_on: '',
  mime: 'image/jpeg',
  file_url: '/api/admin/qi_reports/6/file',
});
const GOODS = {
  id: 7,
  name: '阿莫西林胶囊',
  ypgg: '0.25g*24粒',
  sccj: '华北制药股份有限公司',
  approval_no: '国药准字H13023964',
  price: '12.50',
};
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });

function renderPage(
  role: OperatorRole,
  upload: (c: FetchCall) => StubReply = () => ok(PDF, '质检报告已上传'),
) {
  const stub = stubFetch((call: FetchCall): StubReply => {
    if (call.path === '/api/admin/me') return ok(ME(role));
    if (call.path === '/api/admin/qi_reports') return page([PDF, PHOTO]);
    if (call.path === '/api/admin/goods') return page([GOODS]);
    if (call.path === '/api/admin/goods/7/qi_reports') return upload(call);
    if (call.path === '/api/admin/qi_reports/5' && call.method === 'DELETE')
      return ok(null, '质检报告已删除');
    return ok(null);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The operator is known before the list arrives, so a missing button is the role's doing.
  client.setQueryData(ME_KEY, ME(role));
  const router = createMemoryRouter([{ path: '/', element: <QiReportsPage /> }]);
  render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return stub;
}

const rowOf = (text: string) =>
  within(screen.getAllByRole('row').find((r) => r.textContent?.includes(text))!);
const listCalls = (stub: { calls: FetchCall[] }) =>
  stub.calls.filter((c) => c.path === '/api/admin/qi_reports' && c.method === 'GET');
const uploads = (stub: { calls: FetchCall[] }) =>
  stub.calls.filter((c) => c.path === '/api/admin/goods/7/qi_reports' && c.method === 'POST');
const pdfFile = (name = 'report.pdf', size = 100) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>('input[type="file"]')!;

/** Opens 上传质检报告 and picks 阿莫西林胶囊 by the catalogue's search. */
async function openUpload(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /上传质检报告/ }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByRole('combobox', { name: '商品' }), '阿莫');
  await user.click(await screen.findByTitle(/^阿莫西林胶囊 0\.25g\*24粒/, {}, SLOW));
  return dialog;
}

describe('qi-reports routes', () => {
  it('put 质检报告 in 库存与批号, after the lots and the ledger, for goods readers', () => {
    expect(routes.map((r) => [r.path, r.title, r.access, r.menu?.group])).toEqual([
      ['qi-reports', '质检报告', 'goods.read', 'stock'],
    ]);
    expect(routes[0]!.menu!.order).toBeGreaterThan(2);
  });

  it('lets 仓库 (and 管理员) upload, not 客服 or 财务', () => {
    expect(permissionsOf('warehouse')).toContain('qi.edit');
    expect(permissionsOf('admin')).toContain('qi.edit');
    expect(permissionsOf('service')).not.toContain('qi.edit');
    expect(permissionsOf('finance')).not.toContain('qi.edit');
    expect(permissionsOf('service')).toContain('goods.read');
  });
});

describe('质检报告', { timeout: 60_000 }, () => {
  it('lists the reports with their goods, batch, dates and the file to open', async () => {
    const stub = renderPage('warehouse');
    expect(await screen.findByText('阿莫西林胶囊', {}, SLOW)).toBeInTheDocument();

    const pdf = rowOf('2311027');
    expect(pdf.getByText('0.25g*24粒 · 华北制药股份有限公司')).toBeInTheDocument();
    expect(pdf.getByText('国药准字H13023964')).toBeInTheDocument();
    expect(pdf.getByText('2023-11-02')).toBeInTheDocument();
    expect(pdf.getByText('2025-10-31')).toBeInTheDocument();
    expect(pdf.getByText('2026-11-20 10:00:00')).toBeInTheDocument();
    expect(pdf.getByText('PDF')).toHaveClass('ant-tag');
    const link = pdf.getByRole('link', { name: '查看' });
    expect(link).toHaveAttribute('href', '/api/admin/qi_reports/5/file');
    expect(link).toHaveAttribute('target', '_blank');

    const photo = rowOf('B-2409/01');
    expect(photo.getByText('图片')).toHaveClass('ant-tag');
    expect(photo.getByRole('link', { name: '查看' })).toHaveAttribute('href', '/api/admin/qi_reports/6/file');
    expect(photo.getAllByText('—')).toHaveLength(2);

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: '搜索质检报告' }), '国药准字H13{Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(listCalls(stub).at(-1)!.query)).toMatchObject({
        keyword: '国药准字H13',
        page: '1',
      }),
    );
  });

  it('deletes a report after confirmation and reads the list again', async () => {
    const user = userEvent.setup();
    const stub = renderPage('warehouse');
    expect(await screen.findByText('2311027', {}, SLOW)).toBeInTheDocument();
    const before = listCalls(stub).length;
    await user.click(rowOf('2311027').getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('删除 阿莫西林胶囊 批号 2311027 的质检报告？');
    await user.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('质检报告已删除')).toBeInTheDocument();
    const del = stub.calls.find((c) => c.method === 'DELETE')!;
    expect(del.path).toBe('/api/admin/qi_reports/5');
    await waitFor(() => expect(listCalls(stub).length).toBeGreaterThan(before));
  });

  it('shows 客服 (goods.read only) the reports without upload or delete', async () => {
    renderPage('service');
    expect(await screen.findByText('2311027', {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '查看' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /上传质检报告/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(screen.queryByText('操作')).not.toBeInTheDocument();
  });

  it('refuses an empty batch, then posts the goods’ batch and file as multipart', async () => {
    const user = userEvent.setup();
    const stub = renderPage('warehouse');
    expect(await screen.findByText('2311027', {}, SLOW)).toBeInTheDocument();
    const dialog = await openUpload(user);
    await user.upload(fileInput(dialog), pdfFile());
    expect(within(dialog).getByText('report.pdf')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    expect(await within(dialog).findByText('请填写批号')).toBeInTheDocument();
    expect(uploads(stub)).toHaveLength(0);

    const before = listCalls(stub).length;
    await user.type(within(dialog).getByLabelText('批号'), ' 2311027 ');
    await user.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    await waitFor(() => expect(uploads(stub)).toHaveLength(1));
    const post = uploads(stub)[0]!;
    expect(post.form!.get('batch_no')).toBe('2311027');
    const sent = post.form!.get('file') as File;
    expect(sent.name).toBe('report.pdf');
    expect(sent.size).toBe(100);
    expect(await screen.findByText('质检报告已上传')).toBeInTheDocument();
    // The form closes (jsdom never ends antd's leave animation, so the node stays).
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
    await waitFor(() => expect(listCalls(stub).length).toBeGreaterThan(before));
  });

  it('refuses a file over 5 MB before sending, and shows the server’s refusal', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const stub = renderPage('warehouse', () =>
      fail(422, '仅支持PDF、JPG或PNG文件', 422, { errors: { file: '仅支持PDF、JPG或PNG文件' } }),
    );
    expect(await screen.findByText('2311027', {}, SLOW)).toBeInTheDocument();
    const dialog = await openUpload(user);
    await user.type(within(dialog).getByLabelText('批号'), '2311027');
    await user.upload(fileInput(dialog), pdfFile('big.pdf', 5 * 1024 * 1024 + 1));
    expect(await screen.findByText('文件不能超过5MB')).toBeInTheDocument();
    expect(within(dialog).queryByText('big.pdf')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    expect(await within(dialog).findByText('请选择质检报告文件')).toBeInTheDocument();
    expect(uploads(stub)).toHaveLength(0);

    await user.upload(fileInput(dialog), pdfFile('fake.pdf'));
    await user.click(within(dialog).getByRole('button', { name: /上\s*传/ }));
    await waitFor(() => expect(uploads(stub)).toHaveLength(1));
    expect(await screen.findByText('仅支持PDF、JPG或PNG文件')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
