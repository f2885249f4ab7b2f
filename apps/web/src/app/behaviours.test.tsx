import { act, screen, waitFor } from '@testing-library/react';
import qs from 'qs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '../test/fetch-stub';
import { renderRoutes } from '../test/router-harness';
import { LOGIN_FLAG_KEY } from './behaviours/useLoginFlag';

let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => {
  harness?.unmount();
  vi.useRealTimers();
});

async function start(path: string, trackReply = ok(null)) {
  const server = stubFetch((call) => (call.path === '/api/track' ? trackReply : ok(null)));
  harness = renderRoutes(path);
  const { router } = harness;
  await waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
  const tracks = () => server.calls.filter((c) => c.path === '/api/track').map((c) => qs.parse(c.body));
  return { router, tracks };
}

/** From here on only setTimeout is faked: React's scheduler and the lazy imports run as usual. */
function fakeTimeouts() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('page-view tracking', () => {
  it('posts path, route name and referrer 300 ms after each route change', async () => {
    const { router, tracks } = await start('/list?select=3');
    await waitFor(() =>
      expect(tracks()).toEqual([{ path: '/list?select=3', route_name: 'list_index', referrer: '' }]),
    );

    fakeTimeouts();
    await act(() => router.navigate('/help'));
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(tracks()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(tracks()[1]).toEqual({
      path: '/help',
      route_name: 'help',
      referrer: `${window.location.origin}/list?select=3`,
    });
  });

  it('does not count a page left within 300 ms', async () => {
    const { router, tracks } = await start('/help');
    fakeTimeouts();
    await act(() => router.navigate('/news'));
    await act(() => router.navigate('/help_us'));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(tracks().map((t) => t.route_name)).toEqual(['help_us']);
  });

  it('stays silent when tracking fails', async () => {
    const { tracks } = await start('/help', fail(500, 'boom', 500));
    await waitFor(() => expect(tracks()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('系统繁忙，请稍候再试')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('scroll restoration', () => {
  it('opens new pages at the top and restores the position 100 ms after going back', async () => {
    const { router } = await start('/list');
    scrollTo(640);
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/help'));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);

    fakeTimeouts();
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate(-1));
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(window.scrollTo).not.toHaveBeenCalledWith(0, 640);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 640);
  });

  it('does not restore on a route with noScrollRestore', async () => {
    const { router } = await start('/cart/step2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    scrollTo(300);
    await act(() => router.navigate('/help'));
    fakeTimeouts();
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate(-1));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe('/login');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(window.scrollTo).not.toHaveBeenCalledWith(0, 300);
  });
});

describe('the SPEC §4 login flag', () => {
  it(`clears sessionStorage['${LOGIN_FLAG_KEY}'] = '1' and reloads`, async () => {
    sessionStorage.setItem(LOGIN_FLAG_KEY, '1');
    const { router } = await start('/help');
    expect(router.state.location.pathname).toBe('/help');
    await waitFor(() => expect(harness!.reload).toHaveBeenCalledOnce());
    expect(sessionStorage.getItem(LOGIN_FLAG_KEY)).toBeNull();
  });

  it('does nothing otherwise', async () => {
    sessionStorage.setItem(LOGIN_FLAG_KEY, '0');
    await start('/help');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(harness!.reload).not.toHaveBeenCalled();
  });
});
