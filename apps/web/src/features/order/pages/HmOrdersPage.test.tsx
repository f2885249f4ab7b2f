import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fetch-stub';
import { renderPages, type PageReplies } from '../../../test/render-pages';
import { hmOrder, paged } from '../testing/fixtures';
import { HmOrdersPage } from './HmOrdersPage';
import '../testing/async';

const UPLOADED = {
  ...hmOrder(1).hm,
  receipt_status: 'uploaded' as const,
  receipt_uploaded_at: '2024-05-06 10:00:00',
};

function renderHm(replies: PageReplies = {}) {
  return renderPages([{ path: '/hmdd', element: <HmOrdersPage /> }], '/hmdd', {
    '/api/order/hm': ok(
      paged([hmOrder(1), hmOrder(2, { status: 1, status_text: '待发货', shipped_at: '', receipt_due: 0 })]),
    ),
    ...replies,
  });
}

describe('/hmdd 含麻订单', () => {
  it('shows the 含麻 lines with lots, the purchaser and which receipts are due', async () => {
    renderHm();
    const shipped = await screen.findByRole('article', { name: '含麻订单 KC20240502001' });
    expect(within(shipped).getByText('复方盐酸伪麻黄碱缓释胶囊')).toBeInTheDocument();
    expect(within(shipped).getByRole('list', { name: '批号' })).toHaveTextContent(
      '批号：HM2401 有效期至：2026-01-04',
    );
    expect(within(shipped).getByText('李四')).toBeInTheDocument();
    expect(within(shipped).getByText('330102********1234')).toBeInTheDocument();
    expect(within(shipped).getAllByText('待上传').length).toBeGreaterThan(0);
    const waiting = screen.getByRole('article', { name: '含麻订单 KC20240502002' });
    expect(within(waiting).queryByText('待上传')).not.toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /上传/ })).not.toBeInTheDocument();
    expect(within(shipped).getByRole('button', { name: /上传到货回执/ })).toBeInTheDocument();
  });

  it('uploads the arrival receipt as a multipart file and refuses other file types', async () => {
    let uploaded = false;
    const { calls } = renderHm({
      '/api/order/1/hm_receipt': () => ((uploaded = true), ok(UPLOADED)),
      '/api/order/hm': () =>
        ok(paged([uploaded ? hmOrder(1, { hm: UPLOADED, receipt_due: 0 }) : hmOrder(1)])),
    });
    const card = await screen.findByRole('article', { name: '含麻订单 KC20240502001' });
    // The upload control renews its file input after each choice: look it up each time.
    const input = () => card.querySelector('input[type="file"]') as HTMLInputElement;

    await userEvent.upload(input(), new File(['GIF89a'], '回执.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('仅支持JPG、PNG或PDF格式的文件')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/order/1/hm_receipt')).toBe(false);

    await userEvent.upload(input(), new File(['%PDF-1.4'], '回执.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/order/1/hm_receipt')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/order/1/hm_receipt')!.form?.get('file');
    expect(sent).toBeInstanceOf(File);
    expect(sent).toMatchObject({ name: '回执.pdf', type: 'application/pdf' });
    expect(await screen.findByText('到货回执已上传')).toBeInTheDocument();
    expect(await within(card).findByText('已上传')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /重新上传/ })).toBeInTheDocument();
  });
});
