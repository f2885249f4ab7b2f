import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '../test/fetch-stub';
import { ROUTE_CASES } from '../test/route-cases';
import { currentHandle, renderRoutes } from '../test/router-harness';

const MEMBER = { username: 'demo', company: '康采大药房', name: '张三', cart: 2 };

/** The full layout; each row lists only what differs. */
const FULL_LAYOUT = {
  header: true,
  loginHeader: false,
  footer: true,
  rightBar: true,
  categoryMenu: true,
  nav: true,
  topRightAd: true,
  noScrollRestore: false,
  requiresLogin: false,
  cartStep: undefined,
};

let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => harness?.unmount());

function stubServer(member: boolean) {
  return stubFetch((call) => {
    if (call.path === '/api/user/base') return member ? ok(MEMBER) : fail(10001, '请先登录', 401);
    return ok(null);
  });
}

async function settle(path: string) {
  harness = renderRoutes(path);
  const { router } = harness;
  // The first visit to a lazy page transforms its module: allow for a cold start.
  await waitFor(
    () => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true),
    { timeout: 10_000 },
  );
  return router;
}

describe('SPEC §2 routes table', () => {
  it.each(ROUTE_CASES)('%s → %s (%s)', async (from, to, name, title, flags = {}) => {
    stubServer(true);
    const router = await settle(from);
    expect(router.state.location.pathname).toBe(to);
    const handle = currentHandle(router);
    expect(handle?.name).toBe(name);
    expect(handle?.title).toBe(title);
    const expected = { ...FULL_LAYOUT, ...flags };
    expect({
      header: handle?.header,
      loginHeader: handle?.loginHeader,
      footer: handle?.footer,
      rightBar: handle?.rightBar,
      categoryMenu: handle?.categoryMenu,
      nav: handle?.nav,
      topRightAd: handle?.topRightAd,
      noScrollRestore: handle?.noScrollRestore,
      requiresLogin: Boolean(handle?.requiresLogin),
      cartStep: handle?.cartStep,
    }).toEqual(expected);
    await waitFor(() => expect(document.title).toBe(title ? `${title} - 康采医药网` : '康采医药网'));
  });

  it('covers well over 80 paths, aliases and redirects', () => {
    expect(ROUTE_CASES.length).toBeGreaterThanOrEqual(80);
  });

  it.each([
    ['/register?invite=9', '?invite=9'],
    ['/activity/a?from=app', '?from=app'],
    ['/order/wl/5?tab=2', '?tab=2'],
  ])('redirects keep the query string: %s', async (from, search) => {
    stubServer(true);
    const router = await settle(from);
    expect(router.state.location.search).toBe(search);
  });
});

describe('members-only routes', () => {
  it.each([
    ['/order', '/login?redirect=%2Forder'],
    ['/order/info/5?x=1', '/login?redirect=%2Forder%2Finfo%2F5%3Fx%3D1'],
    ['/zhzx_jcxx', '/login?redirect=%2Fbasic'],
    ['/cart/step2', '/login?redirect=%2Fcart%2Fstep2'],
    ['/star', '/login?redirect=%2Fstar'],
  ])('send a visitor from %s to %s', async (from, to) => {
    stubServer(false);
    const router = await settle(from);
    expect(router.state.location.pathname + router.state.location.search).toBe(to);
    expect(currentHandle(router)?.name).toBe('login');
  });

  it('let a visitor see the cart and the goods', async () => {
    stubServer(false);
    const router = await settle('/cart');
    expect(currentHandle(router)?.name).toBe('cart_step1');
  });
});

describe('the first view (issue 17 item 8)', () => {
  it('renders the layout at once, with a window-high spinner where the page goes until its chunk is in', async () => {
    stubServer(false);
    harness = renderRoutes('/list', { pages: () => true });
    const { router, view } = harness;
    // Before the lazy page has loaded: the shell (here the probe standing for it) is there,
    // and the page's place is held by the fallback, not the whole window.
    expect(router.state.initialized).toBe(false);
    const shell = view.getByTestId('route');
    expect(shell).toHaveAttribute('data-name', 'list_index');
    const fallback = view.getByTestId('route-fallback');
    expect(shell).toContainElement(fallback);
    expect(fallback).toHaveStyle({ minHeight: '100vh' });
    expect(fallback).toHaveTextContent('正在加载，请稍候…');
    await waitFor(() => expect(view.queryByTestId('route-fallback')).toBeNull(), { timeout: 10_000 });
  });

  it('asks for a search’s goods from the route, before the page is there to ask', async () => {
    const { calls } = stubServer(false);
    // The probe never renders the page: every goods call comes from the route's loader.
    const router = await settle('/search?keywords=amxl&type=0&sort=price&order=asc');
    expect(router.state.location.pathname).toBe('/search');
    const list = calls.filter((c) => c.path === '/api/goods/list');
    expect(list).toHaveLength(1);
    expect(Object.fromEntries(list[0]!.query)).toEqual({
      page: '1',
      page_size: '40',
      keywords: 'amxl',
      type: '0',
      sort: 'price',
      order: 'asc',
    });
  });

  it('asks for a detail page’s goods from the route, and nothing for an id that is not one', async () => {
    const { calls } = stubServer(false);
    await settle('/list/info/79');
    expect(calls.filter((c) => c.path.startsWith('/api/goods/detail')).map((c) => c.path)).toEqual([
      '/api/goods/detail/79',
    ]);
    harness!.unmount();
    harness = undefined;
    calls.length = 0;
    await settle('/list/info/abc');
    expect(calls.filter((c) => c.path.startsWith('/api/goods/'))).toEqual([]);
    // Past the largest exact integer (a hostile or mistyped link): no call either.
    harness!.unmount();
    harness = undefined;
    await settle('/list/info/99999999999999999999');
    expect(calls.filter((c) => c.path.startsWith('/api/goods/'))).toEqual([]);
  });

  it('the page then shows the goods the route asked for, without asking again', async () => {
    const { calls } = stubServer(false);
    harness = renderRoutes('/list?select=3', { pages: () => true });
    const { view } = harness;
    await waitFor(() => expect(view.queryByTestId('route-fallback')).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(view.getByText('暂无数据')).toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/api/goods/list')).toHaveLength(1);
  });
});
