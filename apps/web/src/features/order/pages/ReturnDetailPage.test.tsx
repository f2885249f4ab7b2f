import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReturnDetailView } from '@kc/domain';
import { ok } from '../../../test/fetch-stub';
import { renderPages } from '../../../test/render-pages';
import { ReturnDetailPage } from './ReturnDetailPage';
import '../testing/async';

function request(over: Partial<ReturnDetailView> = {}): ReturnDetailView {
  return {
    id: 21,
    return_no: 'TH202405050021',
    kind: 'return',
    kind_text: '退货退款',
    status: 'approved',
    status_text: '已同意',
    order_id: 8,
    order_no: 'KC202405010008',
    reason: '质量问题',
    description: '胶囊破损',
    photos: ['/api/order/return/21/photo/0'],
    refund_amount: '24.00',
    admin_remark: '',
    created_at: '2024-05-05 08:00:00',
    lines: [
      {
        order_line_id: 2,
        goods_id: 202,
        name: '布洛芬缓释胶囊',
        ypgg: '0.3g*20粒',
        sccj: '中美天津史克',
        image: '',
        price: '12.00',
        number: 2,
        refund_amount: '24.00',
        lots: [{ batch_no: 'G240201', produced_on: '2024-02-01', expires_on: '2026-01-31', number: 2 }],
      },
    ],
    timeline: [
      { time: '2024-05-05 08:00:00', text: '提交退货申请' },
      { time: '2024-05-05 14:00:00', text: '平台已同意退货' },
    ],
    return_address: '浙江省杭州市余杭区仓前街道康采物流中心 退货组 0571-88888888',
    ...over,
  };
}

const show = (r: ReturnDetailView, path = '/order/returnInfo/21') =>
  renderPages([{ path: '/order/returnInfo/:id', element: <ReturnDetailPage /> }], path, {
    '/api/order/return/21': ok(r),
  });

describe('/order/returnInfo/:id', () => {
  it('shows the steps, the lines with lots and refunds, photos, timeline and the return address', async () => {
    show(request());
    expect(await screen.findByRole('heading', { name: '退货详情' })).toBeInTheDocument();
    // The current step (antd marks it by class; its steps carry no aria-current).
    expect(document.querySelector('.ant-steps-item-process')).toHaveTextContent('已同意');
    expect(screen.getByRole('list', { name: '批号' })).toHaveTextContent(
      '批号：G240201 有效期至：2026-01-31',
    );
    expect(screen.getAllByText('¥24.00').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('img', { name: '照片1' })).toHaveAttribute('src', '/api/order/return/21/photo/0');
    expect(
      within(screen.getByRole('region', { name: '处理进度' })).getByText('平台已同意退货'),
    ).toBeInTheDocument();
    expect(screen.getByText(/康采物流中心/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'KC202405010008' })).toHaveAttribute('href', '/order/info/8');
  });

  it('shows a refusal with its reason and no return address', async () => {
    show(request({ status: 'rejected', status_text: '已拒绝', admin_remark: '商品已超过退货期限' }));
    expect(await screen.findByText('申请已被拒绝：商品已超过退货期限')).toBeInTheDocument();
    expect(document.querySelector('.ant-steps-item-error')).toHaveTextContent('已拒绝');
    expect(screen.queryByText(/康采物流中心/)).not.toBeInTheDocument();
  });
});
