import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CouponCenterItem } from '@kc/domain';
import { renderRoutes } from '../../../test/router-harness';
import { fail, ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';

const MEMBER = {
  show: true,
  id: 7,
  username: 'demo',
  name: '张三',
  phone: '13800000001',
  company: '杭州康宁大药房有限公司',
  rank: 2,
  is_passed: 1,
  message_count: 0,
  wechat: '0',
  address: '',
};

const item = (over: Partial<CouponCenterItem>): CouponCenterItem => ({
  id: 1,
  name: '新客满200减20',
  kind: 'manjian',
  kind_text: '满减',
  threshold: '200.00',
  amount: '20.00',
  rate: 1000,
  face: '¥20',
  text: '满200.00减20.00',
  scope: 'all',
  scope_text: '全场通用',
  validity_text: '2026-01-01 至 2026-03-31',
  valid_days: 0,
  description: '',
  total: 100,
  claimed: 40,
  remaining: 60,
  claimed_percent: 40,
  per_member: 1,
  held: 0,
  can_claim: 1,
  state: 'claimable',
  state_text: '立即领取',
  claim_ends_at: '',
  ...over,
});

function stubServer(routes: Record<string, (c: FetchCall) => StubReply>) {
  const stub = stubFetch((call) => {
    const route = routes[`${call.method} ${call.path}`];
    return route ? route(call) : fail(404, `no stub for ${call.method} ${call.path}`, 404);
  });
  return { calls: (key: string) => stub.calls.filter((c) => `${c.method} ${c.path}` === key) };
}

let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => harness?.unmount());

describe('/lqzx 领券中心', () => {
  it('shows a visitor every card with 登录领取', async () => {
    stubServer({
      'GET /api/user/base': () => fail(10001, '请先登录', 401),
      'GET /api/coupon/center': () =>
        ok([
          item({ state: 'login', state_text: '登录领取', can_claim: 0 }),
          item({
            id: 2,
            name: '9.5折券',
            kind: 'discount',
            kind_text: '折扣',
            face: '9.5折',
            state: 'login',
            state_text: '登录领取',
          }),
        ]),
    });
    harness = renderRoutes('/lqzx', { pages: (name) => name === 'lqzx' });
    expect(await screen.findByText('9.5折券', {}, { timeout: 10_000 })).toBeInTheDocument();
    const cards = screen.getAllByTestId('center-coupon');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('button', { name: '登录领取' })).toBeEnabled();
    expect(within(cards[0]!).getByText('¥20')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('满200元可用')).toBeInTheDocument();
  });

  it('claims without a reload: the card turns 已领取 and its count moves; a sold-out one is disabled', async () => {
    const server = stubServer({
      'GET /api/user/base': () => ok(MEMBER),
      'GET /api/coupon/center': () =>
        ok([
          item({}),
          item({
            id: 3,
            name: '已抢光券',
            remaining: 0,
            claimed: 100,
            claimed_percent: 100,
            state: 'sold_out',
            state_text: '已领完',
            can_claim: 0,
          }),
        ]),
      'POST /api/coupon/claim': () =>
        ok(
          {
            coupon_id: 99,
            expires_at: '2026-03-31 23:59:59',
            item: item({
              claimed: 41,
              remaining: 59,
              claimed_percent: 41,
              held: 1,
              state: 'claimed',
              state_text: '已领取',
              can_claim: 0,
            }),
          },
          '领取成功',
        ),
    });
    const user = userEvent.setup();
    harness = renderRoutes('/lqzx', { pages: (name) => name === 'lqzx' });
    const first = (await screen.findAllByTestId('center-coupon', {}, { timeout: 10_000 }))[0]!;
    expect(screen.getByRole('button', { name: '已领完' })).toBeDisabled();
    await user.click(within(first).getByRole('button', { name: '立即领取' }));
    await waitFor(() => expect(within(first).getByRole('button', { name: '已领取' })).toBeDisabled());
    expect(within(first).getByText('已领41% · 剩余59张')).toBeInTheDocument();
    expect(server.calls('POST /api/coupon/claim')).toHaveLength(1);
    expect(server.calls('POST /api/coupon/claim')[0]!.body).toBe('template_id=1');
    expect(await screen.findByText('领取成功，有效期至2026-03-31')).toBeInTheDocument();
  });
});
