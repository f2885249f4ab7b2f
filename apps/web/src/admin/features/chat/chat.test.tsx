import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import qs from 'qs';
import {
  CHAT,
  permissionsOf,
  type ChatConversationView,
  type ChatMemberOrderView,
  type ChatMessageView,
  type OperatorRole,
} from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { ME_KEY } from '../../shared';
import { ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { FakeSocket, installFakeSocket, openSocket } from '../../../test/fake-socket';
import { ChatConsolePage } from './pages/ChatConsolePage';
import { routes } from './routes';

const SLOW = { timeout: 10_000 };
const ME = (role: OperatorRole) => ({
  id: 3,
  username: role,
  name: '小王',
  role,
  role_label: { admin: '管理员', service: '客服', warehouse: '仓库', finance: '财务' }[role],
  permissions: permissionsOf(role),
});

const conversation = (over: Partial<ChatConversationView> = {}): ChatConversationView => ({
  id: 11,
  member: {
    id: 7,
    username: 'kangning',
    company: '杭州康宁大药房有限公司',
    name: '李娜',
    phone: '13800000001',
  },
  service_name: '小王',
  last_message: '请问阿莫西林有货吗',
  last_at: '2026-11-20 10:05:00',
  unread: 2,
  ...over,
});
const KANGNING = conversation();
const RENHE = conversation({
  id: 12,
  member: { id: 8, username: 'renhe', company: '宁波仁和药店', name: '王强', phone: '13900000002' },
  last_message: '好的，谢谢',
  last_at: '2026-11-19 16:00:00',
  unread: 0,
});

let nextId = 200;
const message = (over: Partial<ChatMessageView> = {}): ChatMessageView => ({
  id: nextId++,
  conversation_id: 11,
  from: 'member',
  sender_name: '杭州康宁大药房有限公司',
  kind: 'text',
  content: '',
  image_url: '',
  created_at: '2026-11-20 10:05:00',
  ...over,
});
const HISTORY: ChatMessageView[] = [
  message({ id: 101, content: '请问阿莫西林有货吗', created_at: '2026-11-20 10:04:00' }),
  message({ id: 102, from: 'service', sender_name: '小王', content: '有的，库存充足' }),
];
const ORDERS: ChatMemberOrderView[] = [
  {
    id: 9001,
    sn: 'KC202611200001',
    status_text: '待发货',
    amount: '1250.00',
    lines: 3,
    created_at: '2026-11-20 09:30:00',
  },
];
const paged = (list: unknown[]) => ok({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });

installFakeSocket();
const socket = openSocket;

interface Options {
  /** The conversations list's reply, by how many times it was asked before. */
  list?: (n: number) => StubReply;
  /** The history's reply (default: two messages, nothing older). */
  history?: (c: FetchCall) => StubReply;
}

function mount(path = '/chat', opts: Options = {}) {
  let listed = 0;
  const stub = stubFetch((c: FetchCall): StubReply => {
    const p = c.path;
    if (p === '/api/admin/me') return ok(ME('service'));
    if (p === '/api/admin/chat/conversations')
      return opts.list ? opts.list(listed++) : paged([KANGNING, RENHE]);
    if (p === '/api/admin/chat/unread') return ok({ unread: 2 });
    if (p === '/api/admin/chat/conversations/11') return ok(KANGNING);
    if (p === '/api/admin/chat/conversations/11/orders') return ok(ORDERS);
    if (p === '/api/admin/chat/conversations/11/read') return ok({ unread: 0 });
    if (p === '/api/admin/chat/conversations/11/messages' && c.method === 'GET')
      return opts.history ? opts.history(c) : ok({ list: HISTORY, has_more: false });
    if (p === '/api/admin/chat/conversations/11/images')
      return ok(
        message({ id: 155, from: 'service', kind: 'image', image_url: '/api/admin/chat/images/155' }),
      );
    if (p === '/api/admin/chat/conversations/11/messages' && c.method === 'POST') {
      const { content } = qs.parse(c.body) as { content: string };
      return ok(message({ id: 150, from: 'service', sender_name: '小王', content }));
    }
    return ok(null);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_KEY, ME('service'));
  const router = createMemoryRouter([{ path: '/chat', element: <ChatConsolePage /> }], {
    initialEntries: [path],
  });
  render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  const calls = (path: string, method = 'GET') =>
    stub.calls.filter((c) => c.path === path && c.method === method);
  return { stub, router, calls };
}

const itemOf = (company: string) => screen.findByRole('button', { name: new RegExp(company) }, SLOW);
const log = () => screen.getByRole('log', { name: '聊天记录' });

describe('chat routes', () => {
  it('put 在线客服 first in 会员管理, for 客服 and 管理员 only', () => {
    expect(routes.map((r) => [r.path, r.title, r.access, r.menu?.group])).toEqual([
      ['chat', '在线客服', 'chat.serve', 'members'],
    ]);
    expect(permissionsOf('service')).toContain('chat.serve');
    expect(permissionsOf('admin')).toContain('chat.serve');
    expect(permissionsOf('finance')).not.toContain('chat.serve');
    expect(permissionsOf('warehouse')).not.toContain('chat.serve');
  });

  it('show the unread member messages beside 在线客服 in the side menu', async () => {
    let unread = 3;
    const stub = stubFetch((c) => (c.path === '/api/admin/chat/unread' ? ok({ unread }) : ok(null)));
    const Label = routes[0]!.menu!.label!;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AdminProviders client={client}>
        <Label title="在线客服" />
      </AdminProviders>,
    );
    expect(await screen.findByLabelText('3条未读消息')).toHaveTextContent('3');
    expect(screen.getByText('在线客服')).toBeInTheDocument();
    // Read elsewhere: once the count is read again, the badge goes.
    unread = 0;
    await client.invalidateQueries({ queryKey: ['admin'] });
    await waitFor(() => expect(screen.queryByLabelText(/条未读消息/)).toBeNull());
    expect(stub.calls.filter((c) => c.path === '/api/admin/chat/unread').length).toBeGreaterThanOrEqual(2);
  });
});

describe('在线客服', { timeout: 60_000 }, () => {
  it('lists the conversations with their unread badges', async () => {
    mount();
    const kangning = await itemOf('杭州康宁大药房有限公司');
    expect(within(kangning).getByLabelText('2条未读')).toBeInTheDocument();
    expect(within(kangning).getByText('请问阿莫西林有货吗')).toBeInTheDocument();
    expect(within(kangning).getByText('李娜（kangning）')).toBeInTheDocument();
    expect(within(kangning).getByText('11-20 10:05')).toBeInTheDocument();
    const renhe = await itemOf('宁波仁和药店');
    expect(within(renhe).queryByLabelText(/条未读/)).not.toBeInTheDocument();
    expect(screen.getByText('请从左侧选择一个会话')).toBeInTheDocument();
    // One socket for the page, on the operators' path.
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.all[0]!.url).toMatch(new RegExp(`^ws://[^/]+${CHAT.operatorSocket}$`));
  });

  it('searches by keyword and shows only the unread ones', async () => {
    const { calls } = mount();
    const user = userEvent.setup();
    await itemOf('杭州康宁大药房有限公司');
    await user.type(screen.getByRole('searchbox', { name: '搜索会话' }), '康宁{Enter}');
    await waitFor(() =>
      expect(calls('/api/admin/chat/conversations').some((c) => c.query.get('keyword') === '康宁')).toBe(
        true,
      ),
    );
    await user.click(screen.getByRole('switch', { name: '只看未读' }));
    await waitFor(() =>
      expect(
        calls('/api/admin/chat/conversations').some(
          (c) =>
            c.query.get('unread') === '1' && c.query.get('keyword') === '康宁' && c.query.get('page') === '1',
        ),
      ).toBe(true),
    );
  });

  it('opens a conversation: its history, the member and their orders; it is read', async () => {
    const { router, calls } = mount();
    const user = userEvent.setup();
    await user.click(await itemOf('杭州康宁大药房有限公司'));
    expect(router.state.location.search).toBe('?id=11');
    expect(
      await within(await screen.findByRole('log', {}, SLOW)).findByText('有的，库存充足'),
    ).toBeInTheDocument();
    const mine = within(log()).getByText('有的，库存充足').closest('[data-from]');
    expect(mine).toHaveAttribute('data-from', 'service');
    expect(within(log()).getByText('请问阿莫西林有货吗').closest('[data-from]')).toHaveAttribute(
      'data-from',
      'member',
    );
    expect(await screen.findByText('李娜 · 手机 13800000001')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'KC202611200001' })).toHaveAttribute(
      'href',
      '/orders/9001',
    );
    const orders = screen.getByRole('list', { name: '最近订单' });
    expect(orders).toHaveTextContent('待发货');
    expect(orders).toHaveTextContent('¥1250.00');
    await waitFor(() => expect(calls('/api/admin/chat/conversations/11/read', 'POST')).toHaveLength(1));
    // The badge goes once it is read.
    await waitFor(() =>
      expect(
        within(screen.getByRole('button', { name: /杭州康宁大药房有限公司/ })).queryByLabelText('2条未读'),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: /杭州康宁大药房有限公司/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('loads older messages with 加载更早消息', async () => {
    const older = message({ id: 90, content: '上周的订单已收到', created_at: '2026-11-13 09:00:00' });
    const { calls } = mount('/chat?id=11', {
      history: (c) =>
        c.query.get('before_id') === '101'
          ? ok({ list: [older], has_more: false })
          : ok({ list: HISTORY, has_more: true }),
    });
    const user = userEvent.setup();
    await within(await screen.findByRole('log', {}, SLOW)).findByText('有的，库存充足');
    expect(calls('/api/admin/chat/conversations/11/messages')[0]!.query.get('limit')).toBe(
      String(CHAT.pageSize),
    );
    await user.click(within(log()).getByRole('button', { name: '加载更早消息' }));
    expect(await within(log()).findByText('上周的订单已收到')).toBeInTheDocument();
    const texts = [...log().querySelectorAll('[data-from]')].map((n) => n.textContent);
    expect(texts[0]).toContain('上周的订单已收到');
    expect(within(log()).queryByRole('button', { name: '加载更早消息' })).not.toBeInTheDocument();
  });

  it('sends a reply with Enter and shows it', async () => {
    const { calls } = mount('/chat?id=11');
    const user = userEvent.setup();
    await within(await screen.findByRole('log', {}, SLOW)).findByText('有的，库存充足');
    const box = screen.getByRole('textbox', { name: '消息内容' });
    await user.type(box, '今天下午发货{Enter}');
    await waitFor(() => expect(calls('/api/admin/chat/conversations/11/messages', 'POST')).toHaveLength(1));
    expect(qs.parse(calls('/api/admin/chat/conversations/11/messages', 'POST')[0]!.body)).toEqual({
      content: '今天下午发货',
    });
    const sent = await within(log()).findByText('今天下午发货');
    expect(sent.closest('[data-from]')).toHaveAttribute('data-from', 'service');
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('Shift+Enter starts a new line; 发送 sends it', async () => {
    const { calls } = mount('/chat?id=11');
    const user = userEvent.setup();
    await within(await screen.findByRole('log', {}, SLOW)).findByText('有的，库存充足');
    const box = screen.getByRole('textbox', { name: '消息内容' });
    await user.type(box, '第一行{Shift>}{Enter}{/Shift}第二行');
    expect(calls('/api/admin/chat/conversations/11/messages', 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /发\s*送$/ }));
    await waitFor(() => expect(calls('/api/admin/chat/conversations/11/messages', 'POST')).toHaveLength(1));
    expect(qs.parse(calls('/api/admin/chat/conversations/11/messages', 'POST')[0]!.body)).toEqual({
      content: '第一行\n第二行',
    });
  });

  it('sends a picture (checked first) as the multipart image field', async () => {
    const { calls } = mount('/chat?id=11');
    const user = userEvent.setup({ applyAccept: false });
    await within(await screen.findByRole('log', {}, SLOW)).findByText('有的，库存充足');
    // The upload control renews its file input after each pick.
    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input(), new File(['%PDF'], 'x.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('仅支持JPG或PNG图片')).toBeInTheDocument();
    const big = new File([new Uint8Array(CHAT.image.maxBytes + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input(), big);
    expect(await screen.findByText('图片不能超过5MB')).toBeInTheDocument();
    expect(calls('/api/admin/chat/conversations/11/images', 'POST')).toHaveLength(0);

    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'box.png', { type: 'image/png' });
    await user.upload(input(), photo);
    await waitFor(() => expect(calls('/api/admin/chat/conversations/11/images', 'POST')).toHaveLength(1));
    const form = calls('/api/admin/chat/conversations/11/images', 'POST')[0]!.form!;
    expect((form.get(CHAT.image.field) as File).name).toBe('box.png');
    const img = await within(log()).findByRole('img', { name: '聊天图片' });
    expect(img).toHaveAttribute('src', '/api/admin/chat/images/155');
    expect(img.closest('[data-from]')).toHaveAttribute('data-from', 'service');
  });

  it('shows a message pushed for the open conversation and reads it', async () => {
    const { calls } = mount('/chat?id=11');
    await within(await screen.findByRole('log', {}, SLOW)).findByText('有的，库存充足');
    await waitFor(() => expect(calls('/api/admin/chat/conversations/11/read', 'POST')).toHaveLength(1));
    socket().open();
    socket().push({ type: 'ready' });
    socket().push({ type: 'message', message: message({ id: 160, content: '有没有0.5g规格的' }) });
    const pushed = await within(log()).findByText('有没有0.5g规格的');
    expect(pushed.closest('[data-from]')).toHaveAttribute('data-from', 'member');
    await waitFor(() => expect(calls('/api/admin/chat/conversations/11/read', 'POST')).toHaveLength(2));
  });

  it('leaves a message unread while the tab is hidden and reads it when the 客服 comes back', async () => {
    const { calls } = mount('/chat?id=11');
    await within(await screen.findByRole('log', {}, SLOW)).findByText('有的，库存充足');
    await waitFor(() => expect(calls('/api/admin/chat/conversations/11/read', 'POST')).toHaveLength(1));
    socket().open();
    let visibility: DocumentVisibilityState = 'hidden';
    const spy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    try {
      socket().push({ type: 'message', message: message({ id: 161, content: '还在吗' }) });
      expect(await within(log()).findByText('还在吗')).toBeInTheDocument();
      // The list is read again (its badge counts the message), but the conversation is not read.
      await waitFor(() => expect(calls('/api/admin/chat/conversations').length).toBeGreaterThanOrEqual(2));
      expect(calls('/api/admin/chat/conversations/11/read', 'POST')).toHaveLength(1);
      visibility = 'visible';
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(calls('/api/admin/chat/conversations/11/read', 'POST')).toHaveLength(2));
    } finally {
      spy.mockRestore();
    }
  });

  it('refreshes the list when another conversation gets a message', async () => {
    const { calls, stub } = mount('/chat', {
      list: (n) =>
        paged(n === 0 ? [KANGNING, RENHE] : [{ ...RENHE, unread: 1, last_message: '在吗' }, KANGNING]),
    });
    await itemOf('宁波仁和药店');
    await waitFor(() => expect(calls('/api/admin/chat/conversations')).toHaveLength(1));
    socket().open();
    socket().push({
      type: 'message',
      message: message({ id: 170, conversation_id: 12, sender_name: '宁波仁和药店', content: '在吗' }),
    });
    await waitFor(() => expect(calls('/api/admin/chat/conversations').length).toBeGreaterThan(1));
    const renhe = await itemOf('宁波仁和药店');
    expect(await within(renhe).findByLabelText('1条未读')).toBeInTheDocument();
    expect(within(renhe).getByText('在吗')).toBeInTheDocument();
    // Nothing is marked read for a conversation that is not open.
    expect(stub.calls.filter((c) => c.path.endsWith('/read'))).toHaveLength(0);
  });

  it('shows a typed <script> as text', async () => {
    mount('/chat?id=11');
    await within(await screen.findByRole('log', {}, SLOW)).findByText('有的，库存充足');
    socket().open();
    socket().push({ type: 'message', message: message({ id: 180, content: '<script>alert(1)</script>' }) });
    expect(await within(log()).findByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(log().querySelector('script')).toBeNull();
  });
});
