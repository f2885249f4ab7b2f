import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fetch-stub';
import { COMMON, MEMBER, goods } from '../../layout/testing/fixtures';
import { defaultReplies, stubApi, withProviders, type Replies } from '../../layout/testing/render';
import { Countdown } from './Countdown';
import { HomePage } from './HomePage';

const SPIKE_END = 1_900_000_000; // ten digits: seconds

function homeReplies(overrides: Replies = {}): Replies {
  return defaultReplies({
    '/api/focus': ok([
      { id: 1, url: '/lqzx', image: '/media/1', title: '开春采购节' },
      { id: 2, url: '', image: '/media/2', title: '品牌特惠周' },
    ]),
    '/api/focus/right': ok([]),
    '/api/index/spike': ok({
      list: [goods(50, '布洛芬缓释胶囊', { tags: [{ name: '秒杀', describe: '限时', is_show: 1 }] })],
      start_time: SPIKE_END - 3600,
      end_time: SPIKE_END,
    }),
    '/api/index_wntj/1': ok({
      list: [goods(60, '阿莫西林胶囊')],
      total: 1,
      page: 1,
      page_size: 10,
      total_page: 1,
    }),
    '/api/goods/list': (call) =>
      ok({
        list: [goods(Number(call.query.get('select')) * 1000, `楼层商品${call.query.get('select')}`)],
        total: 1,
        page: 1,
        page_size: 10,
        total_page: 1,
      }),
    ...overrides,
  });
}

function renderHome(replies: Replies) {
  const { calls } = stubApi(replies);
  const router = createMemoryRouter([
    { path: '/', element: <HomePage />, handle: { name: 'home', title: '' } },
  ]);
  render(withProviders(<RouterProvider router={router} />));
  return calls;
}

afterEach(() => vi.useRealTimers());

describe('HomePage', () => {
  it('renders banners, flash sale, recommendations and floors from the API', async () => {
    const calls = renderHome(homeReplies());
    expect((await screen.findAllByAltText('开春采购节')).length).toBeGreaterThan(0);
    expect(await screen.findByText('布洛芬缓释胶囊')).toBeInTheDocument();
    expect(await screen.findByText('阿莫西林胶囊')).toBeInTheDocument();
    // Floors load one after another (the client cancels same-path calls in flight).
    for (const root of COMMON.category.slice(0, 4)) {
      expect(await screen.findByText(`楼层商品${root.id}`)).toBeInTheDocument();
    }
    const floorCalls = calls.filter((c) => c.path === '/api/goods/list');
    expect(floorCalls.map((c) => c.query.get('select'))).toEqual(['1', '2', '3', '4']);
    expect(floorCalls[0]?.query.get('page_size')).toBe('10');
    expect(floorCalls[0]?.query.get('sort')).toBe('sales');
    expect(screen.getByRole('region', { name: '西药' })).toBeInTheDocument();
  });

  it('turns the carousel with the arrows and the dots, and on its own every 5 s', async () => {
    renderHome(homeReplies());
    await screen.findAllByRole('button', { name: /^第\d张$/ });
    const shown = () =>
      screen
        .getAllByRole('button', { name: /^第\d张$/ })
        .findIndex((d) => d.getAttribute('aria-current') === 'true');
    expect(shown()).toBe(0);
    act(() => screen.getByRole('button', { name: '下一张' }).click());
    expect(shown()).toBe(1);
    act(() => screen.getByRole('button', { name: '第1张' }).click());
    expect(shown()).toBe(0);
    vi.useFakeTimers();
    act(() => screen.getByRole('button', { name: '上一张' }).click());
    expect(shown()).toBe(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toBe(0);
  });

  it('shows the price hint to visitors and the login buttons', async () => {
    renderHome(homeReplies());
    const recommend = await screen.findByRole('region', { name: '为你推荐' });
    expect(await within(recommend).findByText('登录可见')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
  });

  it('shows prices, the company and its approval state to members', async () => {
    renderHome(
      homeReplies({
        '/api/user/base': ok({ ...MEMBER, is_passed: 0 }),
        '/api/index_wntj/1': ok([goods(61, '头孢克肟片', { price: '12.50', price_hint: null })]),
      }),
    );
    expect(await screen.findByText(MEMBER.company)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /资质审核中/ })).toHaveAttribute('href', '/zzzj');
    const recommend = screen.getByRole('region', { name: '为你推荐' });
    expect(await within(recommend).findByText('12.50')).toBeInTheDocument();
  });

  it('shows 暂无数据 when a section has nothing and hides an absent flash sale', async () => {
    renderHome(homeReplies({ '/api/index_wntj/1': ok([]), '/api/index/spike': ok(null) }));
    const recommend = await screen.findByRole('region', { name: '为你推荐' });
    expect(await within(recommend).findByText('暂无数据')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: '限时秒杀' })).not.toBeInTheDocument());
  });

  it('shows a running flash sale’s price with the list price struck and the per-buyer limit', async () => {
    renderHome(
      homeReplies({
        '/api/user/base': ok(MEMBER),
        '/api/index/spike': ok({
          list: [
            {
              ...goods(52, '头孢克洛胶囊', { price: '30.00', price_hint: null }),
              activity_price: '24.00',
              limit: 5,
            },
          ],
          start_time: SPIKE_END - 3600,
          end_time: SPIKE_END,
        }),
      }),
    );
    const sale = await screen.findByRole('region', { name: '限时秒杀' });
    expect(await within(sale).findByText('24.00')).toBeInTheDocument();
    expect(within(sale).getByText('¥30.00').tagName).toBe('DEL');
    expect(within(sale).getByText(/^限购5/)).toBeInTheDocument();
  });

  it('tags a recommended goods whose lots are all under the member’s shelf-life floor', async () => {
    renderHome(
      homeReplies({
        '/api/user/base': ok(MEMBER),
        '/api/index_wntj/1': ok([
          goods(62, '头孢克肟片', {
            price: '12.50',
            price_hint: null,
            below_floor: {
              months: 12,
              latest: '2027-03-01',
              text: '现有批号效期最长至2027-03-01，不足您设置的12个月效期要求',
            },
          }),
          goods(63, '阿奇霉素片', { price: '8.00', price_hint: null }),
        ]),
      }),
    );
    const recommend = await screen.findByRole('region', { name: '为你推荐' });
    const tag = await within(recommend).findByText('效期不足12个月');
    expect(tag).toHaveAttribute('title', '现有批号效期最长至2027-03-01，不足您设置的12个月效期要求');
    expect(tag.closest('a')).toHaveAttribute('href', '/list/info/62');
    expect(within(recommend).getAllByText('效期不足12个月')).toHaveLength(1);
  });

  it('colours the goods tags by kind', async () => {
    renderHome(homeReplies());
    const tag = await screen.findByText('秒杀');
    expect(tag).toHaveAttribute('title', '限时');
  });
});

describe('Countdown', () => {
  it('ticks every second and rests at zeros', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    render(<Countdown end={Date.now() + 3_000} />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('00:00:03');
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer).toHaveTextContent('00:00:02');
    act(() => vi.advanceTimersByTime(5_000));
    expect(timer).toHaveTextContent('00:00:00');
  });

  it('shows days for long sales', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    render(<Countdown end={Date.now() + 2 * 86_400_000 + 3_661_000} />);
    expect(screen.getByRole('timer')).toHaveTextContent('2天01:01:01');
  });
});
