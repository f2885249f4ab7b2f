import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import qs from 'qs';
import { describe, expect, it, vi } from 'vitest';
import { CHAT, type ChatMessageView, type ChatSessionView } from '@kc/domain';
import { fail, ok, type FetchCall } from '../../../test/fetch-stub';
import { asMember, renderPages, type PageReplies } from '../../../test/render-pages';
import { FakeSocket, installFakeSocket } from '../../../test/fake-socket';
import { ChatPage } from './ChatPage';

installFakeSocket();

const SESSION: ChatSessionView = {
  conversation_id: 5,
  service: { name: '李客服', phone: '13900000000' },
  unread: 2,
};

let nextId = 100;
const msg = (over: Partial<ChatMessageView> = {}): ChatMessageView => ({
  id: nextId++,
  conversation_id: 5,
  from: 'member',
  sender_name: '杭州康宁大药房',
  kind: 'text',
  content: '你好',
  image_url: '',
  created_at: '2026-05-01 10:00:00',
  ...over,
});

const HISTORY = [
  msg({ id: 11, content: '请问阿莫西林什么时候到货？' }),
  msg({ id: 12, from: 'service', sender_name: '李客服', content: '预计下周一到货' }),
  msg({ id: 13, content: '好的，谢谢' }),
];

const history = (list: ChatMessageView[], has_more = false) => ok({ list, has_more });

function renderChat(path = '/kfzx', replies: PageReplies = {}) {
  return renderPages(
    [{ path: '/kfzx', element: <ChatPage /> }],
    path,
    asMember({
      '/api/user/chat': ok(SESSION),
      '/api/user/chat/messages': history(HISTORY),
      '/api/user/chat/read': ok({ unread: 0 }),
      ...replies,
    }) as PageReplies,
  );
}

const reads = (calls: FetchCall[]) => calls.filter((c) => c.path === '/api/user/chat/read');
const rows = (log: HTMLElement) =>
  [...log.querySelectorAll('[data-from]')].map((r) => [r.getAttribute('data-from'), r.textContent]);
const user = userEvent.setup({ delay: null, applyAccept: false });

describe('/kfzx customer-service chat', () => {
  it('shows the 客服, the history oldest first with mine on the right, and marks it read', async () => {
    const { calls } = renderChat();
    const log = await screen.findByRole('log', { name: '聊天记录' });
    await within(log).findByText('好的，谢谢');
    expect(rows(log)).toEqual([
      ['member', expect.stringContaining('请问阿莫西林什么时候到货？')],
      ['service', expect.stringContaining('预计下周一到货')],
      ['member', expect.stringContaining('好的，谢谢')],
    ]);
    const [mine, theirs] = [...log.querySelectorAll('[data-from]')];
    expect(mine!.className).not.toBe(theirs!.className);
    expect(screen.getByText(/专属客服：李客服/)).toHaveTextContent('13900000000');
    expect(calls.find((c) => c.path === '/api/user/chat/messages')?.query.get('limit')).toBe(
      String(CHAT.pageSize),
    );
    await waitFor(() => expect(reads(calls)).toHaveLength(1));
    expect(reads(calls)[0]?.method).toBe('POST');

    // The socket: connecting, then connected.
    expect(screen.getByLabelText('连接状态')).toHaveTextContent('连接中');
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.all[0]!.url).toMatch(/^ws:\/\/[^/]+\/api\/chat\/ws$/);
    FakeSocket.all[0]!.open();
    expect(screen.getByLabelText('连接状态')).toHaveTextContent('已连接');
    // A logout elsewhere ends the session: the server closes the socket and the page says so.
    FakeSocket.all[0]!.drop(CHAT.sessionEndedClose);
    expect(screen.getByLabelText('连接状态')).toHaveTextContent('登录已失效，请重新登录');
  });

  it('loads earlier messages before the oldest one', async () => {
    const older = [
      msg({ id: 3, content: '上个月的订单' }),
      msg({ id: 4, from: 'service', content: '已处理' }),
    ];
    const { calls } = renderChat('/kfzx', {
      '/api/user/chat/messages': (call) =>
        call.query.get('before_id') === '11' ? history(older, false) : history(HISTORY, true),
    });
    await user.click(await screen.findByRole('button', { name: '加载更早消息' }));
    const log = screen.getByRole('log', { name: '聊天记录' });
    await within(log).findByText('上个月的订单');
    expect(rows(log).map((r) => r[1])).toEqual([
      expect.stringContaining('上个月的订单'),
      expect.stringContaining('已处理'),
      expect.stringContaining('请问阿莫西林'),
      expect.stringContaining('预计下周一到货'),
      expect.stringContaining('好的，谢谢'),
    ]);
    expect(calls.filter((c) => c.query.get('before_id') === '11')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '加载更早消息' })).not.toBeInTheDocument();
  });

  it('sends with Enter (Shift+Enter is a new line) and shows the sent message', async () => {
    const sent = msg({ id: 20, content: '有货吗？\n要十盒' });
    const { calls } = renderChat('/kfzx', {
      '/api/user/chat/messages': (call) => (call.method === 'POST' ? ok(sent) : history(HISTORY)),
    });
    const box = await screen.findByRole('textbox', { name: '消息内容' });
    await user.type(box, '有货吗？{Shift>}{Enter}{/Shift}要十盒');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/user/chat/messages')).toBe(false);
    await user.keyboard('{Enter}');
    await within(screen.getByRole('log')).findByText(/要十盒/);
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/user/chat/messages')!;
    expect(qs.parse(post.body)).toEqual({ content: '有货吗？\n要十盒' });
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('does not send an empty message', async () => {
    const { calls } = renderChat();
    const box = await screen.findByRole('textbox', { name: '消息内容' });
    expect(screen.getByRole('button', { name: /发\s*送$/ })).toBeDisabled();
    await user.type(box, '   {Enter}');
    expect(await screen.findByText('请输入消息内容')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/user/chat/messages')).toBe(false);
  });

  it('shows a message arriving on the socket and marks the 客服’s reply read', async () => {
    const { calls } = renderChat();
    const log = await screen.findByRole('log', { name: '聊天记录' });
    await within(log).findByText('好的，谢谢');
    await waitFor(() => expect(reads(calls)).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.push({ type: 'ready' });
    socket.push({
      type: 'message',
      message: msg({ id: 30, from: 'service', sender_name: '李客服', content: '已为您加急' }),
    });
    expect(await within(log).findByText('已为您加急')).toBeInTheDocument();
    expect(rows(log).at(-1)?.[0]).toBe('service');
    await waitFor(() => expect(reads(calls)).toHaveLength(2));
    // My own message echoed back (from another tab) is shown once and read nothing.
    socket.push({ type: 'message', message: msg({ id: 31, content: '收到' }) });
    socket.push({ type: 'message', message: msg({ id: 31, content: '收到' }) });
    expect(await within(log).findAllByText('收到')).toHaveLength(1);
    expect(reads(calls)).toHaveLength(2);
  });

  it('reads a reply that came while the tab was hidden when the member comes back', async () => {
    const { calls } = renderChat();
    const log = await screen.findByRole('log', { name: '聊天记录' });
    await waitFor(() => expect(reads(calls)).toHaveLength(1));
    let visibility: DocumentVisibilityState = 'hidden';
    const spy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    try {
      FakeSocket.all[0]!.push({
        type: 'message',
        message: msg({ id: 35, from: 'service', sender_name: '李客服', content: '在吗？' }),
      });
      expect(await within(log).findByText('在吗？')).toBeInTheDocument();
      expect(reads(calls)).toHaveLength(1);
      visibility = 'visible';
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(reads(calls)).toHaveLength(2));
    } finally {
      spy.mockRestore();
    }
  });

  it('shows a typed script as literal text', async () => {
    const script = '<script>alert(1)</script>';
    renderChat('/kfzx', {
      '/api/user/chat/messages': history([msg({ id: 40, from: 'service', content: script })]),
    });
    const log = await screen.findByRole('log', { name: '聊天记录' });
    expect(await within(log).findByText(script)).toBeInTheDocument();
    expect(log.querySelector('script')).toBeNull();
  });

  it('sends an image and refuses one of the wrong type or too large before uploading', async () => {
    const image = msg({ id: 50, kind: 'image', content: '', image_url: '/api/user/chat/images/50' });
    const { calls, container } = renderChat('/kfzx', { '/api/user/chat/images': ok(image) });
    await screen.findByText('好的，谢谢');
    // The upload control renews its file input after each pick.
    const input = () => container.querySelector<HTMLInputElement>('input[type=file]')!;

    await user.upload(input(), new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('仅支持JPG或PNG图片')).toBeInTheDocument();
    const big = new File([new Uint8Array(CHAT.image.maxBytes + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input(), big);
    expect(await screen.findByText('图片不能超过5MB')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/chat/images')).toBe(false);

    await user.upload(input(), new File(['png'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: '聊天图片' })).toHaveAttribute(
      'src',
      '/api/user/chat/images/50',
    );
    const upload = calls.find((c) => c.path === '/api/user/chat/images')!;
    expect(upload.method).toBe('POST');
    expect((upload.form?.get(CHAT.image.field) as File).name).toBe('photo.png');
  });

  it('starts the question with the order number from ?order=', async () => {
    renderChat('/kfzx?order=KC202405010001');
    expect(await screen.findByRole('textbox', { name: '消息内容' })).toHaveValue('咨询订单：KC202405010001 ');
  });

  it('refuses an account without chat with the QQ contacts, opening no socket', async () => {
    const { calls } = renderChat('/kfzx', { '/api/user/chat': fail(403, CHAT.notEnabled, 403) });
    expect(await screen.findByText(CHAT.notEnabled)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'QQ客服1' })).toHaveAttribute(
      'href',
      expect.stringContaining('uin=800001'),
    );
    expect(screen.getByRole('link', { name: '联系我们' })).toHaveAttribute('href', '/help_us');
    expect(FakeSocket.all).toHaveLength(0);
    expect(calls.some((c) => c.path === '/api/user/chat/messages')).toBe(false);
  });
});
