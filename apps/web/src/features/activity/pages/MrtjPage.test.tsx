import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EverydayPrice } from '@kc/domain';
import { ok } from '../../../test/fetch-stub';
import { asMember, renderPages } from '../../../test/render-pages';
import { defaultReplies } from '../../../layout/testing/render';
import { goods } from '../../../layout/testing/fixtures';
import { HOUR, SERVER_NOW, special, summary } from '../testing/fixtures';
import { MrtjPage } from './MrtjPage';

/** The first render of a lazy page's modules may be slow on a cold start. */
const SLOW = { timeout: 10_000 };

const ROUTES = [{ path: '/mrtj', element: <MrtjPage /> }];

const everyday = (over: Partial<EverydayPrice> = {}): EverydayPrice => ({
  activity: summary(21, '每日特价', { kind: 'special', kind_text: '每日特价', url: '/mrtj' }),
  end_time: SERVER_NOW + 3 * HOUR,
  now: SERVER_NOW,
  list: [special(31, '布洛芬缓释胶囊'), special(32, '维生素C片', { limit: 0, activity_price: '3.20' })],
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // This browser's clock is an hour slow: the countdown still follows the server.
  vi.setSystemTime((SERVER_NOW - HOUR) * 1000);
});
afterEach(() => vi.useRealTimers());

describe('/mrtj 每日特价', () => {
  it('shows each special at its activity price against the struck list price, with its limit', async () => {
    renderPages(ROUTES, '/mrtj', asMember({ '/api/activity/everyday_price': ok(everyday()) }));
    const rows = await screen.findAllByTestId('special', {}, SLOW);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('布洛芬缓释胶囊')).toBeInTheDocument();
    expect(first.getByLabelText('活动价')).toHaveTextContent('¥15.80');
    const listPrice = first.getByLabelText('原价');
    expect(listPrice.tagName).toBe('DEL');
    expect(listPrice).toHaveTextContent('¥20.00');
    expect(first.getByText('限购5件')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText(/限购/)).not.toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '距今日结束' })).toHaveTextContent('03:00:00');
  });

  it('adds a special to the cart', async () => {
    const user = userEvent.setup();
    const { calls } = renderPages(
      ROUTES,
      '/mrtj',
      asMember({
        '/api/activity/everyday_price': ok(everyday({ list: [special(31, '布洛芬缓释胶囊')] })),
        '/api/cart': ok({
          total: 4,
          lines: [{ id: 1, goods_id: 31, type: 0, number: 1 }],
          price_changed: [],
        }),
      }),
    );
    const row = await screen.findByTestId('special', {}, SLOW);
    await user.click(within(row).getByRole('button', { name: /加入购物车/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/cart')).toHaveLength(1));
    const body = new URLSearchParams(calls.find((c) => c.path === '/api/cart')!.body);
    expect(body.get('params[0][goods_id]')).toBe('31');
    expect(body.get('params[0][number]')).toBe('1');
  });

  it('hides prices from a visitor', async () => {
    const hidden = { ...goods(31, '布洛芬缓释胶囊'), activity_price: null, limit: 5 };
    renderPages(
      ROUTES,
      '/mrtj',
      defaultReplies({ '/api/activity/everyday_price': ok(everyday({ list: [hidden] })) }),
    );
    const row = await screen.findByTestId('special', {}, SLOW);
    expect(within(row).getByRole('link', { name: '登录可见' })).toHaveAttribute('href', '/login');
    expect(within(row).queryByRole('button', { name: /加入购物车/ })).not.toBeInTheDocument();
  });

  it('before the session starts counts down to it', async () => {
    const coming = summary(21, '每日特价', {
      status: 0,
      status_text: '未开始',
      start_time: SERVER_NOW + 2 * HOUR,
    });
    renderPages(
      ROUTES,
      '/mrtj',
      asMember({ '/api/activity/everyday_price': ok(everyday({ activity: coming })) }),
    );
    expect(await screen.findByText('活动未开始', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '距开始' })).toHaveTextContent('02:00:00');
  });

  it('says 活动暂未开始 when no daily special runs', async () => {
    renderPages(
      ROUTES,
      '/mrtj',
      asMember({ '/api/activity/everyday_price': ok(everyday({ activity: null, list: [] })) }),
    );
    expect(await screen.findByText('活动暂未开始', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toBeInTheDocument();
  });
});
