import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportReport } from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { api } from '../../../shared/api';
import { fail, ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { routes } from './routes';
import { ImportsPage } from './pages/ImportsPage';

const report = (over: Partial<ImportReport>): ImportReport => ({
  rows: 1000,
  created: 990,
  updated: 10,
  errors: [],
  error_count: 0,
  dry_run: true,
  committed: false,
  job: 'j',
  ...over,
});

const BAD = report({
  created: 0,
  updated: 0,
  error_count: 3,
  errors: [
    { row: 12, column: '零售价', message: '必须是金额（元），如 12.50' },
    { row: 40, column: '分类', message: '分类“西药/火箭”不存在' },
    { row: 77, column: '批准文号', message: '批准文号与第5行重复' },
  ],
});

function renderPage(reply: (call: FetchCall) => StubReply | Promise<StubReply>) {
  const stub = stubFetch(reply);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AdminProviders client={client}>
      <ImportsPage />
    </AdminProviders>,
  );
  return stub;
}

const xlsx = (name: string) =>
  new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function pick(name: string) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  await userEvent.upload(input, xlsx(name));
  expect(await screen.findByText(name)).toBeInTheDocument();
}

afterEach(() => vi.restoreAllMocks());

describe('import routes', () => {
  it('put 导入导出 in the goods menu for goods.import', () => {
    expect(routes.map((r) => [r.path, r.title, r.access, r.menu?.group])).toEqual([
      ['imports', '导入导出', 'goods.import', 'goods'],
    ]);
  });
});

describe('the import page', () => {
  it('dry-runs a file, lists its 3 errors, and imports only after a clean dry run', async () => {
    let fixed = false;
    const { calls } = renderPage((c) => {
      if (c.path === '/api/admin/goods/import') {
        const dry = c.form?.get('dry_run') === '1';
        if (!fixed) return ok(BAD);
        return ok(dry ? report({}) : report({ dry_run: false, committed: true }));
      }
      return fail(404, '导入任务不存在', 404);
    });
    const commit = screen.getByRole('button', { name: /确认导入/ });
    expect(screen.getByRole('button', { name: /预\s*检/ })).toBeDisabled();
    await pick('goods-1000.xlsx');
    await userEvent.click(screen.getByRole('button', { name: /预\s*检/ }));
    expect(
      await screen.findByText('发现 3 个错误，未导入任何数据。请修改文件后重新预检。'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('分类“西药/火箭”不存在')).toBeInTheDocument();
    expect(within(table).getByText('77')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(commit).toBeDisabled();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.form?.get('dry_run')).toBe('1');
    expect(post.form?.get('job')).toMatch(/^[0-9a-f-]{36}$/);
    expect((post.form?.get('file') as File).name).toBe('goods-1000.xlsx');

    // The operator fixes the file and picks it again.
    fixed = true;
    await pick('goods-1000-fixed.xlsx');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /预\s*检/ }));
    expect(await screen.findByText(/预检通过：将新增 990 条，更新 10 条/)).toBeInTheDocument();
    expect(commit).toBeEnabled();
    await userEvent.click(commit);
    expect(await screen.findByText('导入完成：新增 990 条，更新 10 条。')).toBeInTheDocument();
    const last = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(last.form?.get('dry_run')).toBe('0');
    expect(commit).toBeDisabled();
  });

  it('shows the progress of the running job from GET /api/admin/imports/:job', async () => {
    let finish: (r: StubReply) => void = () => {};
    const { calls } = renderPage((c) => {
      if (c.method === 'POST') return new Promise<StubReply>((resolve) => (finish = resolve));
      return ok({
        job: 'j',
        kind: 'goods',
        dry_run: true,
        status: 'running',
        phase: 'write',
        rows_done: 500,
        rows_total: 1000,
        report: null,
      });
    });
    await pick('big.xlsx');
    await userEvent.click(screen.getByRole('button', { name: /预\s*检/ }));
    expect(await screen.findByText('第二步 写入：500 / 1000 行', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    const job = calls.find((c) => c.method === 'POST')!.form?.get('job');
    expect(calls.some((c) => c.path === `/api/admin/imports/${job}`)).toBe(true);
    finish(ok(report({})));
    expect(await screen.findByText(/预检通过/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows a refused file’s reason (a file over the limit)', async () => {
    renderPage(() => fail(422, '文件不能超过40MB，请分成几个文件导入', 422));
    await pick('huge.csv');
    await userEvent.click(screen.getByRole('button', { name: /预\s*检/ }));
    expect(await screen.findByText('文件不能超过40MB，请分成几个文件导入')).toBeInTheDocument();
  });

  it('imports lots and prices through their own calls', async () => {
    const { calls } = renderPage(() => ok(report({})));
    await userEvent.click(screen.getByText('价格'));
    await pick('prices.xlsx');
    await userEvent.click(screen.getByRole('button', { name: /预\s*检/ }));
    await screen.findByText(/预检通过/);
    expect(calls.at(-1)!.path).toBe('/api/admin/prices/import');
    await userEvent.click(screen.getByText('批号库存'));
    expect(screen.queryByText(/预检通过/)).not.toBeInTheDocument();
  });

  it('downloads the template and the exports', async () => {
    const download = vi
      .spyOn(api, 'download')
      .mockResolvedValue({ blob: new Blob(['x']), filename: 'f.xlsx' });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage(() => ok(null));
    await userEvent.click(screen.getByRole('button', { name: /下载商品模板/ }));
    await userEvent.click(screen.getByRole('button', { name: /导出商品（CSV）/ }));
    await userEvent.click(screen.getByRole('button', { name: /导出批号库存/ }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(3));
    expect(download.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      ['/api/admin/import_templates/goods', {}],
      ['/api/admin/goods/export', { format: 'csv' }],
      ['/api/admin/lots/export', { format: 'xlsx' }],
    ]);
  });
});
