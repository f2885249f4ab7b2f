import type { ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '../app/providers';
import { fail, ok, stubFetch, type FetchCall, type StubReply } from './fetch-stub';
import { defaultReplies, type Replies } from '../layout/testing/render';
import { MEMBER } from '../layout/testing/fixtures';
import type { GoodsItem } from '@kc/domain';

/** Shows where the router is, so tests can assert navigation as text. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface PageRoute {
  path: string;
  element: ReactNode;
}

/**
 * Renders pages under the app's providers (antd zh_CN, App for messages, a fresh query
 * cache) at `path`, with stubbed replies. Every other path shows its location only.
 */
/** Replies by path; a function may answer later (a promise), to test loading states. */
export type PageReplies = Record<string, StubReply | ((call: FetchCall) => StubReply | Promise<StubReply>)>;

export function renderPages(routes: PageRoute[], path: string, replies: PageReplies) {
  const { calls } = stubFetch((call) => {
    const reply = replies[call.path];
    if (!reply) return fail(404, `no stub for ${call.path}`, 404);
    return typeof reply === 'function' ? reply(call) : reply;
  });
  const router = createMemoryRouter(
    [
      ...routes.map((r) => ({ path: r.path, element: r.element, handle: { name: r.path, title: '' } })),
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, calls, router };
}

/** Replies for a visitor or a logged-in (approved) member. */
export function asMember(overrides: Replies = {}): Replies {
  return defaultReplies({ '/api/user/base': ok(MEMBER), ...overrides });
}

export const page = (list: GoodsItem[], total = list.length, pageNo = 1, size = 40) =>
  ok({ list, total, page: pageNo, page_size: size, total_page: Math.ceil(total / size) });
