import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HmReportRow, SalesReportRow } from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { api } from '../../../shared/api';
import { ok, stubFetch, fail, type FetchCall } from '../../../test/fetch-stub';
import { routes } from './routes';
import { SalesReportPage } from './pages/SalesReportPage';
import { HmReportPage } from './pages/HmReportPage';

const SALE: SalesReportRow = {
  id: 7,
  sold_at: '2026-11-12 10:20:00',
  order_no: 'KC202611120001',
  member_id: 3,
  company: '杭州康宁大药房有限公司',
  goods_id: 11,
  name: '阿莫西林胶囊',
  approval_no: '国药准字H20003263',
  sccj: '华润三九医药股份有限公司',
  ypgg: '0.25g*24粒',
  bzdw: '盒',
  batch_no: 'B-EARLY',
  produced_on: '2025-01-01',
  expires_on: '2027-01-01',
  number: 30,
  unit_price: '12.90',
  amount: '387.00',
  is_gift: 0,
};

const HM: HmReportRow = {
  id: 9,
  sold_at: '2026-11-12 11:00:00',
  order_no: 'KC202611120002',
  order_id: 42,
  company: '杭州康宁大药房有限公司',
  purchaser_name: '王建国',
  purchaser_id_no: '330106********1234',
  purchaser_phone: '13800138000',
  name: '复方盐酸伪麻黄碱缓释胶囊',
  ypgg: '10粒',
  sccj: '中美天津史克制药有限公司',
  approval_no: '国药准字H10940072',
  batch_no: 'HM-01',
  expires_on: '2028-01-01',
  number: 2,
  receipt: 1,
  receipt_at: '2026-11-13 09:00:00',
  receipt_text: '已上传回执',
};

const page = (list: unknown[]) =>
  ok({
    list,
    total: list.length,
    page: 1,
    page_size: 20,
    total_page: 1,
    from: '2026-11-01',
    to: '2026-11-15',
  });

function renderPage(ui: React.ReactNode, reply: (call: FetchCall) => ReturnType<typeof ok>) {
  const stub = stubFetch(reply);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<AdminProviders client={client}>{ui}</AdminProviders>);
  return stub;
}

afterEach(() => vi.restoreAllMocks());

describe('report routes', () => {
  it('put four pages under 合规记录 for report.read', () => {
    expect(routes.map((r) => [r.path, r.title, r.access, r.menu?.group])).toEqual([
      ['reports/sales', '销售记录', 'report.read', 'reports'],
      ['reports/hm', '含麻药品销售登记', 'report.read', 'reports'],
      ['reports/purchases', '购进记录', 'report.read', 'reports'],
      ['reports/stock-ledger', '库存台账', 'report.read', 'reports'],
    ]);
  });
});

describe('the sales register page', () => {
  it('asks for this month by default, shows the lots, and searches by keyword', async () => {
    const { calls } = renderPage(<SalesReportPage />, (c) =>
      page(c.query.get('keyword') === '无此药' ? [] : [SALE]),
    );
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('B-EARLY')).toBeInTheDocument();
    expect(within(table).getByText('¥387.00')).toBeInTheDocument();
    expect(within(table).getByText('杭州康宁大药房有限公司')).toBeInTheDocument();
    expect(calls[0]!.path).toBe('/api/admin/reports/sales');
    expect(calls[0]!.query.get('from')).toBe(dayjs().startOf('month').format('YYYY-MM-DD'));
    expect(calls[0]!.query.get('to')).toBe(dayjs().format('YYYY-MM-DD'));

    await userEvent.type(screen.getByPlaceholderText(/药品名称、批准文号/), '无此药');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('该时间段内没有记录')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('keyword')).toBe('无此药');
  });

  it('exports the same filters as .xlsx', async () => {
    const download = vi
      .spyOn(api, 'download')
      .mockResolvedValue({ blob: new Blob(['x']), filename: '销售记录_2026-11-01_2026-11-15.xlsx' });
    const created = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage(<SalesReportPage />, () => page([SALE]));
    await screen.findByText('B-EARLY');
    await userEvent.click(screen.getByRole('button', { name: /导出Excel/ }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(download.mock.calls[0]![0]).toBe('/api/admin/reports/sales');
    expect(download.mock.calls[0]![1]).toMatchObject({
      format: 'xlsx',
      from: dayjs().startOf('month').format('YYYY-MM-DD'),
      to: dayjs().format('YYYY-MM-DD'),
    });
    expect(created).toHaveBeenCalled();
    expect(saved).toHaveBeenCalled();
  });

  it('shows the server’s message when the range is refused', async () => {
    renderPage(<SalesReportPage />, () => fail(422, '查询范围不能超过366天，请分段导出', 422));
    expect(await screen.findByText('查询范围不能超过366天，请分段导出')).toBeInTheDocument();
  });
});

describe('the 含麻 register page', () => {
  it('shows the purchaser with the ID masked and links the arrival receipt', async () => {
    renderPage(<HmReportPage />, () => page([HM]));
    expect(await screen.findByText('330106********1234')).toBeInTheDocument();
    expect(screen.getByText('王建国')).toBeInTheDocument();
    expect(screen.getByText('已上传回执').closest('a')).toHaveAttribute(
      'href',
      '/api/admin/reports/hm/42/receipt',
    );
  });
});
