import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// The injectWS decoration's types.
import type {} from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { CHAT, type ChatMessageView, type ChatSocketEvent } from '@kc/domain';
import { seedAccounts } from '../../seed/accounts.js';
import { EXE_BYTES, PNG_1PX } from '../../test/account-fixtures.js';
import { Client, createTestApp, type TestApp, signedInMember, signedInOperator } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { createOperator } from '../account/operators.js';
import { SESSION_ENDED_CLOSE } from './hub.js';
import { hubOf } from './routes.js';

let t: TestApp;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db);
  await createOperator(t.ctx.database.db, {
    username: 'kefu2',
    password: 'admin123456',
    name: '赵客服',
    role: 'service',
  });
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await t.close();
});

const member = (username: string) => signedInMember(t.app, username);
const operator = (username: string) => signedInOperator(t.app, username);

/** A socket with the client's cookies, collecting every event it receives. */
async function listen(c: Client, path: string, headers: Record<string, string> = {}) {
  const events: ChatSocketEvent[] = [];
  const closed: { code: number | null } = { code: null };
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const ws = await t.app.injectWS(
    path,
    { headers: { cookie, ...headers } },
    {
      onInit: (s) => {
        s.on('message', (d) => events.push(JSON.parse(String(d)) as ChatSocketEvent));
        s.on('close', (code) => (closed.code = code));
      },
    },
  );
  sockets.push(ws);
  return { ws, events, closed };
}
const messagesIn = (events: ChatSocketEvent[]) =>
  events.flatMap((e) => (e.type === 'message' ? [e.message] : []));

const PNG = filePart(Buffer.from(PNG_1PX, 'base64'), 'photo.png', 'image/png');

describe('the member side', () => {
  it('is refused with the QQ hint when the account has no chat, on the calls and the socket', async () => {
    const bj = await member('demo_bj');
    for (const res of [
      await bj.get('/api/user/chat'),
      await bj.get('/api/user/chat/messages'),
      await bj.post('/api/user/chat/messages', { content: '你好' }),
    ])
      expect(res.body).toMatchObject({ code: 403, msg: CHAT.notEnabled });
    await expect(listen(bj, CHAT.memberSocket)).rejects.toThrow(/403/);
    await expect(listen(new Client(t.app), CHAT.memberSocket)).rejects.toThrow(/401/);
    expect((await new Client(t.app).get('/api/user/chat')).status).toBe(401);
  });

  it('shows the assigned 客服 and no unread messages before the first one', async () => {
    const demo = await member('demo');
    const res = await demo.get('/api/user/chat');
    expect(res.body.data).toMatchObject({ service: { name: '李晓梅', phone: '400-826-5199' }, unread: 0 });
    expect((await demo.get('/api/user/chat/messages')).body.data).toEqual({ list: [], has_more: false });
  });

  it('refuses an empty, an overlong or a missing message and keeps a script as typed text', async () => {
    const demo = await member('demo');
    expect((await demo.post('/api/user/chat/messages', { content: '   ' })).body).toMatchObject({
      code: 422,
      msg: '请输入消息内容',
    });
    expect((await demo.post('/api/user/chat/messages', {})).status).toBe(422);
    const long = await demo.post('/api/user/chat/messages', { content: '药'.repeat(CHAT.maxText + 1) });
    expect(long.body).toMatchObject({ code: 422, msg: `消息不能超过${CHAT.maxText}个字` });
    const script = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const res = await demo.post('/api/user/chat/messages', { content: script });
    expect(res.body.data).toMatchObject({ from: 'member', kind: 'text', content: script, image_url: '' });
    const history = (await demo.get('/api/user/chat/messages')).body.data.list as ChatMessageView[];
    expect(history.at(-1)!.content).toBe(script);
  });

  it('refuses a socket opened from another site’s page (cross-site WebSocket hijacking)', async () => {
    const demo = await member('demo');
    await expect(listen(demo, CHAT.memberSocket, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    const ok = await listen(demo, CHAT.memberSocket, { origin: 'http://localhost:80', host: 'localhost:80' });
    await vi.waitFor(() => expect(ok.events).toContainEqual({ type: 'ready' }));
  });
});

describe('a socket whose session ends', () => {
  it('is closed (4401) at once: a logout elsewhere, then a disabled account', async () => {
    const tabA = await member('demo');
    const tabB = await member('demo');
    const a = await listen(tabA, CHAT.memberSocket);
    const b = await listen(tabB, CHAT.memberSocket);
    await vi.waitFor(() => expect(b.events).toContainEqual({ type: 'ready' }));
    expect((await tabA.delete('/api/logout')).body.code).toBe(10000);
    // No ping has run: the logout told the bus, and the hub re-checked its sockets.
    await vi.waitFor(() => expect(a.closed.code).toBe(SESSION_ENDED_CLOSE));
    expect(b.closed.code).toBeNull();

    const admin = await operator('admin');
    const id = (await tabB.get('/api/user/base')).body.data.id as number;
    expect((await admin.post(`/api/admin/members/${id}/disable`, { reason: '测试停用' })).body.code).toBe(
      10000,
    );
    await vi.waitFor(() => expect(b.closed.code).toBe(SESSION_ENDED_CLOSE));
    await t.ctx.database.db.execute(sql`update members set disabled = false where id = ${id}`);
  });

  it('closes an operator’s socket once they log out', async () => {
    const kefu = await operator('kefu');
    const s = await listen(kefu, CHAT.operatorSocket);
    await vi.waitFor(() => expect(s.events).toContainEqual({ type: 'ready' }));
    await hubOf(t.app, t.ctx).checkSessions();
    expect(s.closed.code).toBeNull();
    expect((await kefu.post('/api/admin/logout')).body.code).toBe(10000);
    await vi.waitFor(() => expect(s.closed.code).toBe(SESSION_ENDED_CLOSE));
  });

  it('is closed at the session check after its session expired (nothing is told then)', async () => {
    const demo = await member('demo');
    const s = await listen(demo, CHAT.memberSocket);
    await vi.waitFor(() => expect(s.events).toContainEqual({ type: 'ready' }));
    const hub = hubOf(t.app, t.ctx);
    await hub.checkSessions();
    expect(s.closed.code).toBeNull();
    // Every demo session ends: only the socket still open is affected.
    await t.ctx.database.db.execute(
      sql`update sessions set expires_at = ${new Date(t.ctx.now().getTime() - 60_000)} where subject_type = 'member'`,
    );
    await hub.checkSessions();
    await vi.waitFor(() => expect(s.closed.code).toBe(SESSION_ENDED_CLOSE));
  });
});

describe('a conversation between the pharmacy and its 客服', () => {
  it('delivers each side’s messages live, counts unread and clears them when read', async () => {
    const demo = await member('demo');
    const kefu = await operator('kefu');
    const m = await listen(demo, CHAT.memberSocket);
    const o = await listen(kefu, CHAT.operatorSocket);
    await vi.waitFor(() => expect(o.events).toContainEqual({ type: 'ready' }));

    const sent = (await demo.post('/api/user/chat/messages', { content: '订单什么时候发货？' })).body
      .data as ChatMessageView;
    expect(sent).toMatchObject({
      from: 'member',
      sender_name: '杭州康宁大药房有限公司',
      content: '订单什么时候发货？',
    });
    await vi.waitFor(() => expect(messagesIn(o.events).map((x) => x.id)).toContain(sent.id));
    await vi.waitFor(() => expect(messagesIn(m.events).map((x) => x.id)).toContain(sent.id));

    const list = (await kefu.get('/api/admin/chat/conversations')).body.data;
    expect(list.total).toBe(1);
    const conv = list.list[0];
    expect(conv).toMatchObject({
      member: { username: 'demo', company: '杭州康宁大药房有限公司' },
      service_name: '李晓梅',
      last_message: '订单什么时候发货？',
      unread: 2,
    });
    expect((await kefu.get('/api/admin/chat/unread')).body.data).toEqual({ unread: 2 });
    expect((await kefu.get('/api/admin/chat/conversations?unread=1')).body.data.total).toBe(1);
    expect((await kefu.get('/api/admin/chat/conversations?keyword=康宁')).body.data.total).toBe(1);
    expect((await kefu.get('/api/admin/chat/conversations?keyword=不存在的药房')).body.data.total).toBe(0);

    const reply = (
      await kefu.post(`/api/admin/chat/conversations/${conv.id}/messages`, { content: '今天下午发出' })
    ).body.data as ChatMessageView;
    expect(reply).toMatchObject({ from: 'service', sender_name: '李晓梅', content: '今天下午发出' });
    await vi.waitFor(() => expect(messagesIn(m.events).map((x) => x.id)).toContain(reply.id));
    expect((await demo.get('/api/user/chat')).body.data.unread).toBe(1);

    // The 客服 reads: the member's page hears it; the counter is back to 0.
    expect((await kefu.post(`/api/admin/chat/conversations/${conv.id}/read`)).body.data).toEqual({
      unread: 0,
    });
    await vi.waitFor(() =>
      expect(m.events).toContainEqual({ type: 'read', conversation_id: conv.id, by: 'service' }),
    );
    expect((await kefu.get('/api/admin/chat/unread')).body.data).toEqual({ unread: 0 });
    await demo.post('/api/user/chat/read');
    expect((await demo.get('/api/user/chat')).body.data.unread).toBe(0);
    await vi.waitFor(() =>
      expect(o.events).toContainEqual({ type: 'read', conversation_id: conv.id, by: 'member' }),
    );

    // The history is the same on both sides, oldest first, and pages back.
    const mine = (await demo.get('/api/user/chat/messages')).body.data;
    const theirs = (await kefu.get(`/api/admin/chat/conversations/${conv.id}/messages`)).body.data;
    expect(mine.list.map((x: ChatMessageView) => x.id)).toEqual(
      theirs.list.map((x: ChatMessageView) => x.id),
    );
    const ids = mine.list.map((x: ChatMessageView) => x.id) as number[];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const page = (await demo.get(`/api/user/chat/messages?limit=1&before_id=${ids.at(-1)}`)).body.data;
    expect(page).toEqual({ list: [mine.list.at(-2)], has_more: true });
    expect((await demo.get('/api/user/chat/messages?limit=0')).status).toBe(422);
    expect((await demo.get('/api/user/chat/messages?before_id=abc')).status).toBe(422);
  });

  it('sends images both ways, readable by the two sides only; anything but JPG or PNG is refused', async () => {
    const demo = await member('demo');
    const kefu = await operator('kefu');
    const pic = (await postMultipart(demo, '/api/user/chat/images', { image: PNG })).body
      .data as ChatMessageView;
    expect(pic).toMatchObject({ kind: 'image', content: '', image_url: `/api/user/chat/images/${pic.id}` });
    const own = await demo.get(pic.image_url);
    expect(own.status).toBe(200);
    expect(own.res.headers['content-type']).toBe('image/png');
    expect(own.res.rawPayload.equals(PNG.bytes)).toBe(true);
    const seen = (await kefu.get(`/api/admin/chat/images/${pic.id}`)).res;
    expect(seen.statusCode).toBe(200);
    expect((await (await member('demo_bj')).get(pic.image_url)).status).toBe(404);

    const conv = (await kefu.get('/api/admin/chat/conversations')).body.data.list[0];
    const back = await postMultipart(kefu, `/api/admin/chat/conversations/${conv.id}/images`, { image: PNG });
    expect(back.body.data).toMatchObject({
      from: 'service',
      kind: 'image',
      image_url: `/api/admin/chat/images/${back.body.data.id}`,
    });
    const history = (await demo.get('/api/user/chat/messages')).body.data.list as ChatMessageView[];
    expect(history.at(-1)!.image_url).toBe(`/api/user/chat/images/${back.body.data.id}`);
    const after = (await kefu.get('/api/admin/chat/conversations')).body.data.list[0];
    expect(after.last_message).toBe('[图片]');

    const exe = await postMultipart(demo, '/api/user/chat/images', {
      image: filePart(EXE_BYTES, 'photo.png', 'image/png'),
    });
    expect(exe.body).toMatchObject({ code: 422, msg: '仅支持JPG或PNG图片' });
    const none = await postMultipart(demo, '/api/user/chat/images', {});
    expect(none.status).toBe(422);
  });

  it('shows the member’s newest orders beside the conversation', async () => {
    const kefu = await operator('kefu');
    const conv = (await kefu.get('/api/admin/chat/conversations')).body.data.list[0];
    const orders = await kefu.get(`/api/admin/chat/conversations/${conv.id}/orders`);
    expect(orders.body).toMatchObject({ code: 10000, data: [] });
    expect((await kefu.get('/api/admin/chat/conversations/999999/orders')).body.code).toBe(404);
  });
});

describe('who may serve', () => {
  it('another 客服 does not see a conversation assigned to kefu; 管理员 sees it; other roles are refused', async () => {
    const kefu2 = await operator('kefu2');
    expect((await kefu2.get('/api/admin/chat/conversations')).body.data.total).toBe(0);
    const admin = await operator('admin');
    const conv = (await admin.get('/api/admin/chat/conversations')).body.data.list[0];
    expect(conv.member.username).toBe('demo');
    expect((await kefu2.get(`/api/admin/chat/conversations/${conv.id}`)).body.code).toBe(404);
    expect(
      (await kefu2.post(`/api/admin/chat/conversations/${conv.id}/messages`, { content: 'x' })).body.code,
    ).toBe(404);
    const lastImage = (await admin.get(`/api/admin/chat/conversations/${conv.id}/messages`)).body.data.list
      .filter((x: ChatMessageView) => x.kind === 'image')
      .at(-1) as ChatMessageView;
    expect((await kefu2.get(lastImage.image_url)).status).toBe(404);
    // kefu2's socket hears nothing of it.
    const o2 = await listen(kefu2, CHAT.operatorSocket);
    const m = (await (await member('demo')).post('/api/user/chat/messages', { content: '在吗' })).body.data;
    const a = await listen(admin, CHAT.operatorSocket);
    await (
      await operator('kefu')
    ).post(`/api/admin/chat/conversations/${conv.id}/messages`, { content: '在的' });
    await vi.waitFor(() => expect(messagesIn(a.events).map((x) => x.content)).toContain('在的'));
    expect(messagesIn(o2.events).map((x) => x.id)).not.toContain(m.id);
    expect(messagesIn(o2.events)).toEqual([]);

    const cangku = await operator('cangku');
    expect((await cangku.get('/api/admin/chat/conversations')).status).toBe(403);
    await expect(listen(cangku, CHAT.operatorSocket)).rejects.toThrow(/403/);
    // A member's session is no operator's.
    await expect(listen(await member('demo'), CHAT.operatorSocket)).rejects.toThrow(/40[13]/);
  });

  it('limits how fast one member sends', async () => {
    const demo = await member('demo');
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await demo.post('/api/user/chat/messages', { content: `第${i}条` })).body.code);
    // Earlier tests sent some within the same minute: the 31st of this run is over the limit in any case.
    expect(codes.at(-1)).toBe(429);
    expect(codes.filter((c) => c === 10000).length).toBeLessThanOrEqual(30);
  });
});
