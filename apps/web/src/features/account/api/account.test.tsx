import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setNavigationBridge } from '../../../shared/api';
import { fail, ok, stubFetch } from '../../../test/fetch-stub';
import { isMember, useUser } from '../../../shared/session/user';
import { useLogout } from '../index';

const MEMBER = { username: 'demo', company: '康采大药房', name: '张三' };

/** What the header would show: the company and a logout button, or a login link. */
function AccountProbe({ enabled = true }: { enabled?: boolean }) {
  const user = useUser({ enabled });
  const logout = useLogout();
  if (isMember(user)) return <button onClick={() => void logout()}>{user.company} 退出</button>;
  return <span>{user.show ? '请登录' : '加载中'}</span>;
}

function renderProbe(path: string, enabled = true) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <span>首页</span> },
      {
        path: '/order',
        element: <AccountProbe enabled={enabled} />,
        handle: { name: 'order_wddd_index', requiresLogin: true },
      },
      { path: '/cart', element: <AccountProbe enabled={enabled} />, handle: { name: 'cart_step1' } },
    ],
    { initialEntries: [path] },
  );
  const restore = setNavigationBridge({
    navigate: (to) => void router.navigate(to),
    currentPath: () => router.state.location.pathname,
    reload: () => {},
  });
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, restore };
}

let restore: (() => void) | undefined;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x1; path=/';
});
afterEach(() => restore?.());

describe('useUser', () => {
  it('gives the member profile from GET /api/user/base', async () => {
    stubFetch(() => ok(MEMBER));
    restore = renderProbe('/cart').restore;
    expect(await screen.findByRole('button', { name: '康采大药房 退出' })).toBeInTheDocument();
  });

  it('marks a visitor (or a failed profile call) as { show: true } without any alert', async () => {
    stubFetch(() => fail(10001, '请先登录', 401));
    restore = renderProbe('/cart').restore;
    expect(await screen.findByText('请登录')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not fetch until the layout enables it', async () => {
    const { calls } = stubFetch(() => ok(MEMBER));
    restore = renderProbe('/cart', false).restore;
    expect(await screen.findByText('加载中')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('useLogout', () => {
  it('ends the session with the CSRF header, shows the visitor and leaves a members-only page', async () => {
    const { calls } = stubFetch((call) =>
      call.path === '/api/user/base' ? ok(MEMBER) : ok(null, '已退出登录'),
    );
    const probe = renderProbe('/order');
    restore = probe.restore;
    await userEvent.click(await screen.findByRole('button', { name: '康采大药房 退出' }));
    await waitFor(() => expect(probe.router.state.location.pathname).toBe('/'));
    const logout = calls.find((c) => c.path === '/api/user/logout');
    expect(logout?.method).toBe('DELETE');
    expect(logout?.headers['X-XSRF-TOKEN']).toBe('x1');
  });

  it('stays on a public page', async () => {
    stubFetch((call) => (call.path === '/api/user/base' ? ok(MEMBER) : ok(null)));
    const probe = renderProbe('/cart');
    restore = probe.restore;
    await userEvent.click(await screen.findByRole('button', { name: '康采大药房 退出' }));
    expect(await screen.findByText('请登录')).toBeInTheDocument();
    expect(probe.router.state.location.pathname).toBe('/cart');
  });
});
