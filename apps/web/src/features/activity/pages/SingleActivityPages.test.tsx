import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/fetch-stub';
import { asMember, renderPages } from '../../../test/render-pages';
import { HOUR, SERVER_NOW, coupon, notStarted, view } from '../testing/fixtures';
import { HbPage, TemplatePage, WelfarePage } from './SingleActivityPages';

/** The first render of a lazy page's modules may be slow on a cold start. */
const SLOW = { timeout: 10_000 };

const ROUTES = [
  { path: '/hb', element: <HbPage /> },
  { path: '/welfare', element: <WelfarePage /> },
  { path: '/zqmb', element: <TemplatePage /> },
  { path: '/activity_lq', element: <TemplatePage /> },
];

beforeEach(() => {
  // Only Date is frozen (timers run): this browser's clock is 5 minutes fast, so the pages must
  // count from the server's `now`, not from it.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime((SERVER_NOW + 300) * 1000);
});
afterEach(() => vi.useRealTimers());

describe('/hb 满返专区', () => {
  it('before the start says 活动未开始 and counts down to the start on the server clock', async () => {
    renderPages(ROUTES, '/hb', asMember({ '/api/activity/info': ok(notStarted()) }));
    expect(await screen.findByText('活动未开始', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '距开始' })).toHaveTextContent('02:00:00');
    expect(screen.getByText('满1000返30')).toBeInTheDocument();
  });

  it('while running shows the tiers, the rules, the goods and the countdown to the end', async () => {
    const { calls } = renderPages(ROUTES, '/hb', asMember({ '/api/activity/info': ok(view()) }));
    expect(await screen.findByText('活动进行中', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '距结束' })).toHaveTextContent('02:00:00');
    const rules = screen.getByRole('region', { name: '活动规则' });
    expect(within(rules).getByText('满1000返30')).toBeInTheDocument();
    expect(within(rules).getByText('满2000返80')).toBeInTheDocument();
    expect(within(rules).getByText('活动商品订单完成后返现')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: '返现商品' });
    expect(within(section).getByText('阿莫西林胶囊')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: '加入购物车' })).toBeEnabled();
    expect(calls.find((c) => c.path === '/api/activity/info')!.query.get('url')).toBe('/hb');
  });

  it('with no activity (the server’s 404) says 活动暂未开始 with the way home', async () => {
    renderPages(ROUTES, '/hb', asMember({ '/api/activity/info': fail(404, '活动暂未开始', 404) }));
    expect(await screen.findByText('活动暂未开始', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('温馨提示')).not.toBeInTheDocument();
  });

  it('once ended says 活动暂未开始', async () => {
    renderPages(
      ROUTES,
      '/hb',
      asMember({
        '/api/activity/info': ok(
          view({
            start_time: SERVER_NOW - 9 * HOUR,
            end_time: SERVER_NOW - HOUR,
            status: 2,
            status_text: '已结束',
          }),
        ),
      }),
    );
    expect(await screen.findByText('活动暂未开始', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('满返商品')).not.toBeInTheDocument();
  });

  it('counts a tap when the buyer clicks the banner', async () => {
    const user = userEvent.setup();
    const { calls } = renderPages(
      ROUTES,
      '/hb',
      asMember({
        '/api/activity/info': ok(view({ banner: '/media/banner' })),
        '/api/activity/tap': ok({ taps: 1 }),
      }),
    );
    await user.click(await screen.findByRole('img', { name: '满返大促' }, SLOW));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/activity/tap')).toHaveLength(1));
    const tap = calls.find((c) => c.path === '/api/activity/tap')!;
    expect(tap.method).toBe('POST');
    expect(tap.body).toBe('id=5');
  });
});

describe('/welfare 全场94折', () => {
  const welfare = (over = {}) =>
    view({
      id: 8,
      kind: 'discount',
      kind_text: '全场折扣',
      name: '全场94折',
      url: '/welfare',
      tiers: [],
      rate: '9.4',
      sections: [],
      ...over,
    });

  it('shows the rate and, with no goods listed, the way to the whole store', async () => {
    renderPages(ROUTES, '/welfare', asMember({ '/api/activity/info': ok(welfare()) }));
    expect(await screen.findByText('9.4折', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /去选购/ })).toHaveAttribute('href', '/list');
  });

  it('says so when the operator has switched the discount off', async () => {
    renderPages(
      ROUTES,
      '/welfare',
      asMember({ '/api/activity/info': ok(welfare({ status: 2, status_text: '已结束' })) }),
    );
    expect(await screen.findByText('活动暂未开始', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('全场94折优惠当前未开启，敬请期待')).toBeInTheDocument();
  });

  it('before the start counts down to it', async () => {
    renderPages(ROUTES, '/welfare', asMember({ '/api/activity/info': ok(notStarted(welfare())) }));
    expect(await screen.findByText('活动未开始', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '距开始' })).toHaveTextContent('02:00:00');
  });
});

describe('template pages', () => {
  const template = (over = {}) =>
    view({
      id: 12,
      kind: 'template',
      kind_text: '专区/活动页',
      name: '开年领券节',
      url: '/activity_lq',
      tiers: [],
      description: '',
      sections: [{ title: '爆款推荐', list: view().sections[0]!.list }],
      coupons: [coupon()],
      ...over,
    });

  it('reads the activity of its own path and claims a coupon in place', async () => {
    const user = userEvent.setup();
    const claimed = coupon({ state: 'claimed', state_text: '已领取', can_claim: 0, held: 1 });
    const { calls } = renderPages(
      ROUTES,
      '/activity_lq',
      asMember({
        '/api/activity/info': ok(template()),
        '/api/coupon/claim': ok({ coupon_id: 9, expires_at: '2026-03-31 23:59:59', item: claimed }),
      }),
    );
    expect(await screen.findByRole('heading', { name: '开年领券节' }, SLOW)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/activity/info')!.query.get('url')).toBe('/activity_lq');
    expect(screen.getByRole('region', { name: '爆款推荐' })).toBeInTheDocument();
    const card = screen.getByTestId('activity-coupon');
    await user.click(within(card).getByRole('button', { name: '立即领取' }));
    await waitFor(() => expect(within(card).getByRole('button', { name: '已领取' })).toBeDisabled());
    expect(calls.find((c) => c.path === '/api/coupon/claim')!.body).toBe('template_id=1');
    expect(await screen.findByText('领取成功，有效期至2026-03-31', {}, SLOW)).toBeInTheDocument();
  });

  it('sends a visitor to log in from 登录领取', async () => {
    const user = userEvent.setup();
    const { router } = renderPages(
      ROUTES,
      '/zqmb',
      asMember({
        '/api/user/base': fail(10001, '请先登录', 401),
        '/api/activity/info': ok(
          template({ url: '/zqmb', coupons: [coupon({ state: 'login', state_text: '登录领取' })] }),
        ),
      }),
    );
    await user.click(await screen.findByRole('button', { name: '登录领取' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fzqmb');
  });

  it('opens an activity by ?id= and says 活动暂未开始 when there is none', async () => {
    const { calls } = renderPages(
      ROUTES,
      '/zqmb?id=4',
      asMember({ '/api/activity/info': fail(404, '活动暂未开始', 404) }),
    );
    expect(await screen.findByText('活动暂未开始', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/activity/info')!.query.get('id')).toBe('4');
  });
});
