import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fetch-stub';
import type { Replies } from '../../../layout/testing/render';
import { asMember, renderPages } from '../../../test/render-pages';
import { POLL_LIMIT } from '../api/order';
import { orderDetail, payPage } from '../testing/fixtures';
import { PayDonePage } from './PayDonePage';

const SLOW = { timeout: 5000 };
const ROUTES = [{ path: '/cart/step4', element: <PayDonePage /> }];
const unpaid = { ...payPage().payment, method: 'online' as const };

function renderDone(replies: Replies) {
  const view = renderPages(ROUTES, '/cart/step4?id=88', asMember(replies));
  const reads = () => view.calls.filter((c) => c.path === '/api/order/88').length;
  return { ...view, reads };
}

afterEach(() => vi.useRealTimers());

describe('/cart/step4 支付完成', () => {
  it('says 支付成功 with links to the order and back to shopping', async () => {
    renderDone({ '/api/order/88': ok(orderDetail()) });
    expect(await screen.findByText('支付成功', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('实付金额：¥429.32，我们将尽快为您发货。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/order/info/88');
    expect(screen.getByRole('link', { name: '继续采购' })).toHaveAttribute('href', '/');
  });

  it('waits for the operator to confirm a bank transfer', async () => {
    const payment = {
      ...unpaid,
      method: 'offline' as const,
      status: 'awaiting_transfer' as const,
      reference: 'KC0001-88',
    };
    renderDone({ '/api/order/88': ok(orderDetail({ status: 0, payment })) });
    expect(await screen.findByText('等待确认收款', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/转账备注：KC0001-88/)).toBeInTheDocument();
  });

  it('polls the order every 2 s while the payment is confirmed, then shows it paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let paid = false;
    const { reads } = renderDone({
      '/api/order/88': () => ok(paid ? orderDetail() : orderDetail({ status: 0, payment: unpaid })),
    });
    expect(await screen.findByText('支付处理中', {}, SLOW)).toBeInTheDocument();
    expect(reads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(reads()).toBe(2);
    paid = true;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('支付成功', {}, SLOW)).toBeInTheDocument();
    const after = reads();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(reads()).toBe(after);
  });

  it('stops polling after the limit and offers to pay again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { reads } = renderDone({ '/api/order/88': ok(orderDetail({ status: 0, payment: unpaid })) });
    expect(await screen.findByText('支付处理中', {}, SLOW)).toBeInTheDocument();
    for (let i = 0; i < POLL_LIMIT + 3; i++) await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(reads()).toBe(POLL_LIMIT);
    expect(await screen.findByText('暂未收到支付结果')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '继续支付' })).toHaveAttribute('href', '/cart/step3/88');
  });

  it('says a cancelled order is cancelled', async () => {
    renderDone({
      '/api/order/88': ok(orderDetail({ status: 4, cancel_reason: '超时未支付，订单已自动取消' })),
    });
    expect(await screen.findByText('订单已取消', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('超时未支付，订单已自动取消')).toBeInTheDocument();
  });
});
