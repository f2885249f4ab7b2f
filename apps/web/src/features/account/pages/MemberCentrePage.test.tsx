import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/router-harness';
import { asMember, asVisitor, ok, stubServer } from '../testing/server';

let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => harness?.unmount());

const CENTER = {
  company: '杭州康宁大药房有限公司',
  company_type: '药店',
  username: 'demo',
  rank: 2,
  points: 1280,
  balance: '356.50',
  coupon_count: 1,
  admin: { name: '王客服', phone: '0571-88880000', qq: '800800' },
  orders: { unpaid: 2, undelivered: 1, delivered: 0, done: 5, after_sale: 0 },
  qualification: {
    status: 'approved',
    is_passed: 1,
    reject_reason: '',
    warnings: [
      {
        document_id: 11,
        type: 'drug_licence',
        type_name: '药品经营许可证',
        valid_to: '2026-12-10',
        days_left: 17,
        expired: false,
        message: '药品经营许可证将于17天后到期，请尽快上传新证件',
      },
    ],
  },
  contract_signed: 0,
};

describe('/user', () => {
  it('shows the company, money, coupons, orders, service admin and expiring documents', async () => {
    const server = stubServer({
      ...asMember,
      'GET /api/user/center': ok(CENTER),
      'GET /api/user/couponNum': ok({ num: 4 }),
    });
    harness = renderRoutes('/user', { pages: (name) => name === 'user_hyzx' });

    expect(await screen.findByText('杭州康宁大药房有限公司', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('356.50')).toBeInTheDocument();
    expect(screen.getByText('1,280')).toBeInTheDocument();
    // The coupon count comes from GET api/user/couponNum.
    expect(await screen.findByText('4')).toBeInTheDocument();
    expect(server.calls('GET /api/user/couponNum')).toHaveLength(1);
    expect(screen.getByRole('link', { name: '待付款 2' })).toHaveAttribute('href', '/order');
    expect(screen.getByRole('link', { name: '已完成 5' })).toBeInTheDocument();
    expect(screen.getByText('王客服')).toBeInTheDocument();
    expect(screen.getByText('0571-88880000')).toBeInTheDocument();
    expect(screen.getByText('资质已审核')).toBeInTheDocument();

    const warning = screen
      .getByText('药品经营许可证将于17天后到期，请尽快上传新证件')
      .closest('[role="alert"]');
    expect(warning).not.toBeNull();
    expect(within(warning as HTMLElement).getByRole('link', { name: '上传新证件' })).toHaveAttribute(
      'href',
      '/zzzj',
    );
    expect(screen.getByRole('link', { name: '去签署' })).toHaveAttribute('href', '/dzht');
  });

  it('sends a visitor to the login page first', async () => {
    stubServer({ ...asVisitor, 'GET /api/focus/login': ok(null) });
    harness = renderRoutes('/user', { pages: () => false });
    await waitFor(() => expect(harness!.router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(harness.router.state.location.search).toBe('?redirect=%2Fuser');
  });
});
