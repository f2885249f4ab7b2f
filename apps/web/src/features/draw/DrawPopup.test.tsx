import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { DrawDetailView, DrawSimpleView } from '@kc/domain';
import { AppLayout } from '../../layout/AppLayout';
import { MEMBER } from '../../layout/testing/fixtures';
import { defaultReplies, stubApi, withProviders, type Replies } from '../../layout/testing/render';
import { fail, ok, type FetchCall } from '../../test/fetch-stub';

const SIMPLE: DrawSimpleView = {
  id: 7,
  name: '幸运大抽奖',
  image: '/media/draw.svg',
  description: '每位会员限抽一次',
  start_time: '2026-11-24 10:00:00',
  end_time: '2026-12-24 10:00:00',
  is_join: 0,
};
const DETAIL: DrawDetailView = {
  ...SIMPLE,
  status: 'running',
  prizes: [
    { id: 1, name: '200积分', kind: 'points', kind_text: '积分', image: '' },
    { id: 2, name: '电子血压计', kind: 'goods', kind_text: '实物', image: '' },
  ],
};
const WON = {
  record_id: 1,
  prize_id: 1,
  prize_name: '200积分',
  prize_kind: 'points',
  is_win: 1,
  message: '恭喜您获得 200积分！200 积分已到账',
};

const page = (path: string, name: string): RouteObject => ({
  path,
  element: <div>{name}</div>,
  handle: { title: '', name },
});
const ROUTES: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      page('/', 'home'),
      page('/activity_lq', 'activity_lq'),
      page('/live', 'live'),
      page('/list', 'list_index'),
    ],
  },
];

function renderAt(path: string, replies: Replies) {
  const api = stubApi(replies);
  const router = createMemoryRouter(ROUTES, { initialEntries: [path] });
  render(withProviders(<RouterProvider router={router} />));
  return { ...api, router };
}

const memberReplies = (over: Replies = {}) =>
  defaultReplies({
    '/api/user/base': ok(MEMBER),
    '/api/draw/simple': ok(SIMPLE),
    '/api/draw': ok(DETAIL),
    '/api/draw/ads': ok([{ id: 7, url: '', image: '/media/draw.svg', title: '幸运大抽奖' }]),
    '/api/draw/7/activity': ok(WON, WON.message),
    ...over,
  });

/** Lets the lazy pop-up chunk resolve and any query it would start run (no waiting on a clock). */
const settle = async () => {
  await act(async () => {
    await import('./DrawPopup');
  });
  await act(async () => {});
};

const drawCalls = (calls: FetchCall[]) => calls.filter((c) => c.path.startsWith('/api/draw'));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('when the pop-up is requested', () => {
  it('shows the running draw with its prizes to a member who has not joined', async () => {
    renderAt('/', memberReplies());
    const box = await screen.findByRole('dialog', { name: '幸运大抽奖' });
    expect(within(box).getByText('每位会员限抽一次')).toBeInTheDocument();
    expect(await within(box).findByText('电子血压计')).toBeInTheDocument();
    expect(within(box).getByRole('img', { name: '幸运大抽奖' })).toHaveAttribute('src', '/media/draw.svg');
  });

  it('asks nothing for a visitor', async () => {
    const { calls } = renderAt('/', defaultReplies());
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/base')).toBe(true));
    await settle();
    expect(drawCalls(calls)).toEqual([]);
  });

  it.each(['/activity_lq', '/live'])('asks nothing on the activity route %s', async (path) => {
    const { calls } = renderAt(path, memberReplies());
    await screen.findByRole('link', { name: MEMBER.company });
    await settle();
    expect(drawCalls(calls)).toEqual([]);
  });

  it('stays hidden when is_join is 1, and asks for nothing more', async () => {
    const { calls } = renderAt('/', memberReplies({ '/api/draw/simple': ok({ ...SIMPLE, is_join: 1 }) }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/draw/simple')).toBe(true));
    await settle();
    expect(screen.queryByRole('dialog', { name: '幸运大抽奖' })).not.toBeInTheDocument();
    expect(drawCalls(calls).map((c) => c.path)).toEqual(['/api/draw/simple']);
  });
});

describe('drawing (on a fake clock)', () => {
  it('draws, waits 2 s, announces the prize, closes in 1 s and asks nothing after', async () => {
    const { calls, router } = renderAt('/', memberReplies());
    const box = await screen.findByRole('dialog', { name: '幸运大抽奖' });
    await within(box).findByText('电子血压计');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(box).getByRole('button', { name: '抽奖' }));
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    const post = calls.find((c) => c.path === '/api/draw/7/activity');
    expect(post?.method).toBe('POST');
    expect(screen.queryByText(WON.message)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText(WON.message)).toBeInTheDocument();
    expect(screen.getAllByText('恭喜中奖').length).toBeGreaterThan(0);
    // The close animation: still there at 999 ms, gone at 1 s.
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.getByTestId('draw-popup')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId('draw-popup')).not.toBeInTheDocument();
    const before = drawCalls(calls).length;
    vi.useRealTimers();
    await act(() => router.navigate('/list'));
    await act(() => router.navigate('/'));
    await settle();
    expect(drawCalls(calls).length).toBe(before);
    expect(screen.queryByTestId('draw-popup')).not.toBeInTheDocument();
  });

  it('asks before closing during a draw, pointing to the member centre, and then shows no result', async () => {
    const { calls } = renderAt('/', memberReplies());
    const box = await screen.findByRole('dialog', { name: '幸运大抽奖' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(box).getByRole('button', { name: '抽奖' }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    fireEvent.click(within(box).getByRole('button', { name: '关闭' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText(/如未看到抽奖结果，请到个人中心查看/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定关闭' }));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByTestId('draw-popup')).not.toBeInTheDocument();
    expect(screen.queryByText(WON.message)).not.toBeInTheDocument();
    expect(drawCalls(calls).filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('closes at once (1 s animation, no question) when no draw is running', async () => {
    renderAt('/', memberReplies());
    const box = await screen.findByRole('dialog', { name: '幸运大抽奖' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(box).getByRole('button', { name: '关闭' }));
    expect(screen.queryByText(/个人中心/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.getByTestId('draw-popup')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByTestId('draw-popup')).not.toBeInTheDocument();
  });

  it('once closed stays closed for the day: a new page load asks nothing', async () => {
    renderAt('/', memberReplies());
    const box = await screen.findByRole('dialog', { name: '幸运大抽奖' });
    fireEvent.click(within(box).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByTestId('draw-popup')).not.toBeInTheDocument());
    cleanup();
    const again = renderAt('/', memberReplies());
    await screen.findByRole('link', { name: MEMBER.company });
    await settle();
    expect(drawCalls(again.calls)).toEqual([]);
  });

  it('shows the server message when the draw fails, and lets the member close', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderAt('/', memberReplies({ '/api/draw/7/activity': fail(400, '活动已结束') }));
    const box = await screen.findByRole('dialog', { name: '幸运大抽奖' });
    fireEvent.click(within(box).getByRole('button', { name: '抽奖' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(expect.stringContaining('活动已结束')));
    expect(await within(box).findByRole('button', { name: '抽奖' })).toBeEnabled();
  });
});
