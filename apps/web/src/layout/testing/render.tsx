import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { RouteHandle } from '../../shared/routing/route-handle';
import { registrationRoutes } from '../../app/routes/account';
import { fail, ok, stubFetch, type FetchCall, type StubReply } from '../../test/fetch-stub';
import { AppLayout } from '../AppLayout';
import { COMMON } from './fixtures';

/** Replies by path; a function gets the call (for query-dependent replies). */
export type Replies = Record<string, StubReply | ((call: FetchCall) => StubReply)>;

/** The calls every layout render makes, answered with visitor data unless overridden. */
export function defaultReplies(overrides: Replies = {}): Replies {
  return {
    '/api/common': ok(COMMON),
    '/api/user/base': fail(10001, '请先登录', 401),
    '/api/global/links': ok([]),
    '/api/article/category': ok([
      { id: 1, name: '新手指南', children: [{ id: 11, name: '会员注册' }] },
      { id: 2, name: '服务保障', children: [{ id: 12, name: '网站资质', url: '/help/fwbz/wzzz?id=12' }] },
    ]),
    '/api/focus/top': ok(null),
    '/api/focus/common': ok([]),
    '/api/focus/dbxfc': ok([]),
    ...overrides,
  };
}

export function stubApi(replies: Replies) {
  return stubFetch((call) => {
    const reply = replies[call.path];
    if (!reply) return fail(404, `no stub for ${call.path}`, 404);
    return typeof reply === 'function' ? reply(call) : reply;
  });
}

export function withProviders(children: ReactNode) {
  // No retries: a test failure must show the first reply, not a later one.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

type Handle = Partial<RouteHandle> & { name: string };
const page = (path: string, text: string, handle: Handle): RouteObject => ({
  path,
  element: <div>{text}</div>,
  handle: { title: '', ...handle },
});

/** A page under the handle the app's own routes table gives `path` (its title and flags). */
const appPage = (path: string, text: string): RouteObject => {
  const route = registrationRoutes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path} in the registration routes`);
  return { path, element: <div>{text}</div>, handle: route.handle as RouteHandle };
};

/** A small routes table with the flag combinations the layout must honour. */
const ROUTES: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      page('/', '首页内容', { name: 'home' }),
      page('/login', '登录表单', { name: 'login', header: false, loginHeader: true, rightBar: false }),
      page('/user', '会员中心内容', { name: 'user_hyzx' }),
      page('/cart', '购物车内容', { name: 'cart_step1', cartStep: 1 }),
      page('/cart/step2', '确认订单内容', { name: 'cart_step2', cartStep: 2 }),
      page('/list', '商品列表', { name: 'list_index' }),
      page('/search', '搜索结果', { name: 'search_index' }),
      page('/zjbg', '质检报告页', { name: 'zjbg' }),
      appPage('/register/step1', '注册表单'),
      appPage('/forget/step1', '找回密码表单'),
    ],
  },
];

/** Renders the layout at `path` with stubbed API replies; returns the recorded calls. */
export function renderLayout(path: string, replies: Replies = defaultReplies()) {
  const { calls } = stubApi(replies);
  const router = createMemoryRouter(ROUTES, { initialEntries: [path] });
  const view = render(withProviders(<RouterProvider router={router} />));
  return { ...view, calls, router };
}
