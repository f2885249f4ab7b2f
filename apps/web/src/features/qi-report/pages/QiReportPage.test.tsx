import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { QiReportView } from '@kc/domain';
import { ok } from '../../../test/fetch-stub';
import { defaultReplies } from '../../../layout/testing/render';
import { renderPages } from '../../../test/render-pages';
import { QiReportPage } from './QiReportPage';

const report: QiReportView = {
  id: 4,
  goods: {
    id: 88,
    name: '阿莫西林胶囊',
    ypgg: '0.25g*24粒',
    sccj: '华北制药股份有限公司',
    approval_no: '国药准字H13023964',
  },
  batch_no: 'B2405012',
  produced_on: '2024-05-01',
  expires_on: '2026-04-30',
  uploaded_at: '2026-11-20 10:00:00',
  mime: 'application/pdf',
  file_url: '/api/qi_reports/4/file',
};
const page = (list: QiReportView[]) =>
  ok({ list, total: list.length, page: 1, page_size: 15, total_page: 1 });
const ROUTES = [{ path: '/zjbg', element: <QiReportPage /> }];

describe('质检报告查询 (/zjbg)', () => {
  it('lists reports with the goods, batch and dates, each opening its file', async () => {
    renderPages(ROUTES, '/zjbg', defaultReplies({ '/api/qi_reports': page([report]) }));
    expect(await screen.findByRole('link', { name: '阿莫西林胶囊' })).toHaveAttribute(
      'href',
      '/list/info/88',
    );
    expect(screen.getByText('B2405012')).toBeInTheDocument();
    expect(screen.getByText('2026-04-30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看报告' })).toHaveAttribute('href', '/api/qi_reports/4/file');
  });

  it('searches by goods and batch through the call, and says when nothing is found', async () => {
    const user = userEvent.setup();
    const { calls } = renderPages(ROUTES, '/zjbg', defaultReplies({ '/api/qi_reports': page([]) }));
    expect(await screen.findByText(/没有找到质检报告/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('药品'), 'amxl');
    await user.type(screen.getByLabelText('批号'), 'B2405');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!.query)).toMatchObject({ keyword: 'amxl', batch_no: 'B2405' }),
    );
  });
});
