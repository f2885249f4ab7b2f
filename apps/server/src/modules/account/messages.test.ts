import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { rowsOf } from '../../platform/db.js';
import { remindExpiringCoupons } from '../promotion/coupon-reminders.js';
import { remindExpiringLicences } from './licence-reminders.js';
import { postMessage } from './messages.js';

let t: TestApp;
let demo: Client;
let demoId: number;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db, t.clock.now);
  demo = new Client(t.app, '10.33.0.1');
  await demo.login('demo', 'demo123456');
  demoId = (await demo.get('/api/user/base')).body.data.id;
  await demo.post('/api/user/message/read', { all: 1 });
});
afterAll(() => t.close());

const titles = async (query = '') =>
  (await demo.get(`/api/user/message?page_size=50${query}`)).body.data.list.map(
    (m: { title: string }) => m.title,
  );

describe('message kinds and settings', () => {
  it('lists every kind on, required ones marked, and turns optional kinds off and on', async () => {
    const before = await demo.get('/api/user/message/settings');
    expect(before.body.data.kinds).toEqual([
      { kind: 'order', label: '订单与售后', enabled: 1, required: 0 },
      { kind: 'coupon', label: '优惠券', enabled: 1, required: 0 },
      { kind: 'service', label: '求购与反馈', enabled: 1, required: 0 },
      { kind: 'review', label: '资质与证照', enabled: 1, required: 1 },
      { kind: 'system', label: '系统通知', enabled: 1, required: 1 },
    ]);
    const saved = await demo.post('/api/user/message/settings', { muted: ['coupon', 'coupon'] });
    expect(saved.body).toMatchObject({ code: 10000, msg: '消息设置已保存' });
    expect(
      saved.body.data.kinds
        .filter((k: { enabled: number }) => !k.enabled)
        .map((k: { kind: string }) => k.kind),
    ).toEqual(['coupon']);

    const db = t.ctx.database.db;
    await postMessage(db, demoId, 'coupon', '测试券消息', '不该收到', t.clock.now);
    await postMessage(db, demoId, 'order', '测试订单消息', '应当收到', t.clock.now);
    expect(await titles()).toContain('测试订单消息');
    expect(await titles()).not.toContain('测试券消息');

    const refused = await demo.post('/api/user/message/settings', { muted: ['review'] });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('资质与证照、系统通知为必收消息，不能关闭');
    expect((await demo.post('/api/user/message/settings', { muted: 'nonsense' })).status).toBe(422);
    expect((await demo.post('/api/user/message/settings', { muted: { a: 1 } })).status).toBe(422);

    await demo.post('/api/user/message/settings', { muted: '' });
    await postMessage(db, demoId, 'coupon', '测试券消息二', '应当收到', t.clock.now);
    expect(await titles()).toContain('测试券消息二');
  });

  it('filters by kind and counts unread by kind', async () => {
    const unread = (await demo.get('/api/user/message/unread')).body.data;
    expect(unread).toMatchObject({
      count: 2,
      by_kind: { order: 1, coupon: 1, service: 0, review: 0, system: 0 },
    });
    expect(await titles('&kind=order')).toEqual(['测试订单消息']);
    expect((await demo.get('/api/user/message?kind=lost')).status).toBe(422);
    // Another member's settings and counts are their own.
    const other = new Client(t.app, '10.33.0.2');
    await other.login('demo_bj', 'demo123456');
    expect((await other.get('/api/user/message/settings')).body.data.kinds[1]).toMatchObject({
      kind: 'coupon',
      enabled: 1,
    });
  });
});

describe('reminders', () => {
  it('tells a member once about coupons expiring within three days, in one message', async () => {
    const db = t.ctx.database.db;
    // The seeded coupons are valid 60 days: two days before their end, all three are due.
    const at = new Date(t.clock.now.getTime() + 58 * DAY);
    expect(await remindExpiringCoupons(db, new Date(t.clock.now.getTime() + 50 * DAY))).toEqual({
      coupons: 0,
    });
    const first = await remindExpiringCoupons(db, at);
    expect(first.coupons).toBeGreaterThanOrEqual(3);
    const list = (await demo.get('/api/user/message?kind=coupon')).body.data.list;
    const reminder = list.find((m: { title: string }) => m.title === '优惠券即将过期');
    expect(reminder.content).toMatch(/^您有3张优惠券将在3天内过期：/);
    expect(reminder.content).toContain('满100减10');
    expect(await remindExpiringCoupons(db, at)).toEqual({ coupons: 0 });
  });

  it('tells a member once about a licence expiring within 30 days, even with messages turned off', async () => {
    const db = t.ctx.database.db;
    await demo.post('/api/user/message/settings', { muted: ['order', 'coupon', 'service'] });
    const [doc] = rowsOf<{ id: number; type: string }>(
      await db.execute(
        sql`select id, type from qualification_documents where member_id = ${demoId} order by id limit 1`,
      ),
    );
    const soon = new Date(t.clock.now.getTime() + 10 * DAY + 8 * 3600_000).toISOString().slice(0, 10);
    // Every document of that type now ends then; only the latest of a type is watched.
    await db.execute(sql`update qualification_documents set valid_to = ${soon}::date
      where member_id = ${demoId} and type = ${doc!.type}`);
    const r = await remindExpiringLicences(db, t.clock.now);
    expect(r.licences).toBe(1);
    const [m] = (await demo.get('/api/user/message?kind=review')).body.data.list;
    expect(m.title).toMatch(/即将到期$/);
    expect(m.content).toContain(`将于${soon}到期（还有10天）`);
    expect(await remindExpiringLicences(db, t.clock.now)).toEqual({ licences: 0 });
  });
});
