/**
 * Two app instances on one database and one Redis (REDIS_URL), as behind the cluster's nginx:
 * a message written through one instance reaches the sockets held by the other, both ways.
 * Run with `npm run test:redis` (the `server-redis` project); CI runs it on the machine's Redis.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// The injectWS decoration's types.
import type {} from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { CHAT, type ChatSocketEvent } from '@kc/domain';
import type { Database } from '../../platform/db.js';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestAppOn, openTestDatabase, type TestApp } from '../../test/helper.js';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) throw new Error('REDIS_URL must name a Redis server (npm run test:redis sets it)');

let database: Database;
let drop: () => Promise<void>;
let a: TestApp;
let b: TestApp;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedAccounts(database.db);
  // A fresh channel prefix: parallel runs on one Redis do not hear each other.
  const opts = { busPrefix: `kc:test:${crypto.randomUUID()}:` };
  a = await createTestAppOn(database, { REDIS_URL }, opts);
  b = await createTestAppOn(database, { REDIS_URL }, opts);
  await Promise.all([a.ctx.bus.ready(), b.ctx.bus.ready()]);
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await a.close();
  await b.close();
  await drop();
});

async function listen(t: TestApp, c: Client, path: string, closed: { code: number | null } = { code: null }) {
  const events: ChatSocketEvent[] = [];
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const ws = await t.app.injectWS(
    path,
    { headers: { cookie } },
    {
      onInit: (s) => {
        s.on('message', (d) => events.push(JSON.parse(String(d)) as ChatSocketEvent));
        s.on('close', (code) => (closed.code = code));
      },
    },
  );
  sockets.push(ws);
  return events;
}
const contents = (events: ChatSocketEvent[]) =>
  events.flatMap((e) => (e.type === 'message' ? [e.message.content] : []));

describe('chat across two instances on one Redis', () => {
  it('the member on B hears the 客服 writing on A, and the 客服 on A hears the member writing on B', async () => {
    const demo = new Client(b.app);
    expect((await demo.login('demo', 'demo123456')).body.code).toBe(10000);
    const kefu = new Client(a.app);
    expect(
      (await kefu.post('/api/admin/login', { username: 'kefu', password: 'admin123456' })).body.code,
    ).toBe(10000);

    const onB = await listen(b, demo, CHAT.memberSocket);
    const onA = await listen(a, kefu, CHAT.operatorSocket);

    const first = await demo.post('/api/user/chat/messages', { content: '你好，在吗？' });
    expect(first.body.code).toBe(10000);
    await vi.waitFor(() => expect(contents(onA)).toContain('你好，在吗？'), { timeout: 5_000, interval: 20 });

    const conversationId = first.body.data.conversation_id as number;
    const reply = await kefu.post(`/api/admin/chat/conversations/${conversationId}/messages`, {
      content: '在的，请讲',
    });
    expect(reply.body.code).toBe(10000);
    await vi.waitFor(() => expect(contents(onB)).toContain('在的，请讲'), { timeout: 5_000, interval: 20 });
    // Each message arrives once on each socket (the sender's own instance does not hear its echo twice).
    expect(contents(onB).filter((c) => c === '在的，请讲')).toHaveLength(1);
    expect(contents(onA).filter((c) => c === '你好，在吗？')).toHaveLength(1);
  });

  it('a logout through A closes that session’s socket held by B at once', async () => {
    const demo = new Client(b.app);
    expect((await demo.login('demo', 'demo123456')).body.code).toBe(10000);
    const closed = { code: null as number | null };
    const onB = await listen(b, demo, CHAT.memberSocket, closed);
    await vi.waitFor(() => expect(onB).toContainEqual({ type: 'ready' }), { timeout: 5_000, interval: 20 });
    // The same cookies, sent to the other instance.
    const sameOnA = new Client(a.app);
    for (const [k, v] of demo.cookies) sameOnA.cookies.set(k, v);
    expect((await sameOnA.delete('/api/logout')).body.code).toBe(10000);
    await vi.waitFor(() => expect(closed.code).toBe(CHAT.sessionEndedClose), {
      timeout: 5_000,
      interval: 20,
    });
  });
});
