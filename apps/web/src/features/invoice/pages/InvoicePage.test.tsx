import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocView, OrderInvoiceView } from '@kc/domain';
import { ok } from '../../../test/fetch-stub';
import { defaultReplies } from '../../../layout/testing/render';
import { renderPages } from '../../../test/render-pages';
import { InvoicePage } from './InvoicePage';

const doc = (over: Partial<InvoiceDocView> = {}): InvoiceDocView => ({
  id: 3,
  kind: 'blue',
  kind_text: '蓝字发票',
  status: 'issued',
  status_text: '已开具',
  invoice_no: '00261133000000000003',
  amount: '358.00',
  tax: '41.19',
  issued_at: '2026-11-17 10:00:00',
  red_of_no: '',
  pdf_url: '/api/user/invoices/3/pdf',
  development: true,
  error: '',
  ...over,
});
const row = (over: Partial<OrderInvoiceView> = {}): OrderInvoiceView => ({
  order_id: 21,
  order_no: 'KC202611140001',
  order_status_text: '已完成',
  ordered_at: '2026-11-14 09:30:00',
  type: 1,
  type_text: '普通发票',
  title: '杭州康宁大药房有限公司',
  tax_no: '91330106MA2CFK3X1L',
  amount: '358.00',
  status: 'issued',
  status_text: '已开具',
  documents: [doc()],
  ...over,
});
const page = (list: OrderInvoiceView[]) =>
  ok({ list, total: list.length, page: 1, page_size: 10, total_page: 1 });
const ROUTES = [{ path: '/dzfp', element: <InvoicePage /> }];

describe('e-invoices (/dzfp)', () => {
  it('lists my orders’ invoices with their state and the PDFs, red ones included', async () => {
    const reissued = row({
      order_id: 22,
      order_no: 'KC202611260002',
      type: 2,
      type_text: '增值税专用发票',
      amount: '200.00',
      documents: [
        doc({
          id: 4,
          status: 'flushed',
          status_text: '已红冲',
          invoice_no: '00261233000000000004',
          amount: '300.00',
          pdf_url: '/api/user/invoices/4/pdf',
        }),
        doc({
          id: 5,
          kind: 'red',
          kind_text: '红字发票',
          invoice_no: '00262233000000000005',
          amount: '-300.00',
          red_of_no: '00261233000000000004',
          pdf_url: '/api/user/invoices/5/pdf',
        }),
        doc({
          id: 6,
          invoice_no: '00261233000000000006',
          amount: '200.00',
          pdf_url: '/api/user/invoices/6/pdf',
        }),
      ],
    });
    const waiting = row({
      order_id: 23,
      order_no: 'KC202611270003',
      status: 'issuing',
      status_text: '开具中',
      documents: [],
    });
    renderPages(ROUTES, '/dzfp', defaultReplies({ '/api/user/invoices': page([waiting, reissued, row()]) }));

    await screen.findByText('KC202611270003');
    const rows = screen.getAllByRole('row');
    const byOrder = (no: string) => rows.find((r) => r.textContent?.includes(no))!;
    expect(within(byOrder('KC202611270003')).getByText('开具中')).toBeInTheDocument();
    expect(within(byOrder('KC202611270003')).getByText('财务开具后可下载')).toBeInTheDocument();
    expect(within(byOrder('KC202611270003')).getByRole('link', { name: 'KC202611270003' })).toHaveAttribute(
      'href',
      '/order/info/23',
    );
    const second = within(byOrder('KC202611260002'));
    expect(second.getByText('增值税专用发票')).toBeInTheDocument();
    expect(second.getByText('红字发票')).toBeInTheDocument();
    expect(second.getByText('¥-300.00')).toBeInTheDocument();
    expect(second.getAllByRole('link', { name: '下载PDF' }).map((a) => a.getAttribute('href'))).toEqual([
      '/api/user/invoices/4/pdf',
      '/api/user/invoices/5/pdf',
      '/api/user/invoices/6/pdf',
    ]);
    expect(second.getAllByText('模拟')).toHaveLength(3);
  });

  it('filters by state and searches by order or invoice number through the call', async () => {
    const user = userEvent.setup();
    const { calls } = renderPages(ROUTES, '/dzfp', defaultReplies({ '/api/user/invoices': page([row()]) }));
    await screen.findByText('KC202611140001');
    await user.click(screen.getByText('已红冲'));
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!.query)).toMatchObject({ status: 'flushed', page: '1' }),
    );
    await user.type(screen.getByRole('searchbox', { name: '订单号或发票号码' }), '00261133{Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!.query)).toMatchObject({
        status: 'flushed',
        keyword: '00261133',
      }),
    );
  });

  it('says so when there is nothing yet', async () => {
    renderPages(ROUTES, '/dzfp', defaultReplies({ '/api/user/invoices': page([]) }));
    expect(await screen.findByText('暂无发票记录')).toBeInTheDocument();
  });
});
