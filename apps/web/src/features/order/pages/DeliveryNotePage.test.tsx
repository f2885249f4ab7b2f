import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DeliveryNoteView } from '@kc/domain';
import { ok } from '../../../test/fetch-stub';
import { renderPages } from '../../../test/render-pages';
import { DeliveryNotePage } from './DeliveryNotePage';
import '../testing/async';

const row = (name: string, batch: string, number: number) => ({
  name,
  ypgg: '0.25g*24粒',
  sccj: '华北制药',
  bzdw: '盒',
  approval_no: '国药准字H13023964',
  batch_no: batch,
  produced_on: '2024-01-01',
  expires_on: '2026-12-31',
  number,
  price: '12.00',
  amount: (12 * number).toFixed(2),
});

const NOTE: DeliveryNoteView = {
  order_no: 'KC202405010008',
  company: '杭州康宁大药房有限公司',
  seller: '康采医药',
  address: { consignee: '张三', phone: '13800000001', region: '浙江省杭州市西湖区', address: '文三路1号' },
  created_at: '2024-05-01 10:20:00',
  shipped_at: '2024-05-02 18:00:00',
  carrier: '顺丰速运',
  tracking_no: 'SF1234567890',
  sheets: [
    {
      ck_id: 1,
      warehouse: '杭州仓',
      rows: [row('阿莫西林胶囊', 'B240101', 6), row('阿莫西林胶囊', 'B240301', 4)],
      amount: '120.00',
    },
    { ck_id: 2, warehouse: '广州仓', rows: [row('布洛芬缓释胶囊', 'G240201', 5)], amount: '60.00' },
  ],
  amount: '180.00',
};

describe('/order/print/:id 随货同行单', () => {
  it('renders one sheet per warehouse with every lot, and prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPages([{ path: '/order/print/:id', element: <DeliveryNotePage /> }], '/order/print/8', {
      '/api/order/8/delivery_note': ok(NOTE),
    });
    const hz = await screen.findByRole('region', { name: '随货同行单 杭州仓' });
    const gz = screen.getByRole('region', { name: '随货同行单 广州仓' });
    const headers = within(hz)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      '品名',
      '规格',
      '生产厂家',
      '批准文号',
      '批号',
      '生产日期',
      '有效期至',
      '单位',
      '数量',
      '单价',
      '金额',
    ]);
    const rows = within(hz).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('B240101');
    expect(rows[2]).toHaveTextContent('B240301');
    expect(within(hz).getByText('120.00')).toBeInTheDocument();
    expect(within(gz).getByText('G240201')).toBeInTheDocument();
    expect(within(gz).getByText(/SF1234567890/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledOnce();
  });
});
