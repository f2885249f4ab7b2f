import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDate } from '@kc/domain';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { PNG_PART as PNG } from '../../test/account-fixtures.js';
import { postMultipart } from '../../test/multipart.js';
import { createCategory, createGoods, createWarehouse } from '../catalog/service.js';
import { members, operatorAudit, qualificationDocuments } from './schema.js';
import { createMember } from './service.js';
import { createSession } from './sessions.js';

const DAY = 86_400_000;
let t: TestApp;
const db = () => t.ctx.database.db;
const ops = {} as Record<'admin' | 'kefu' | 'cangku' | 'caiwu', Client>;
const who = { demo: 0, demo_bj: 0, pending: 0 };
const day = (n: number) => chinaDate(new Date(t.clock.now.getTime() + n * DAY));

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
  for (const [i, name] of (['admin', 'kefu', 'cangku', 'caiwu'] as const).entries()) {
    ops[name] = new Client(t.app, `10.8.0.${i + 1}`);
    const r = await ops[name].post('/api/admin/login', { username: name, password: 'admin123456' });
    expect(r.body.code).toBe(10000);
  }
  const rows = await db().select({ id: members.id, username: members.username }).from(members);
  for (const r of rows) who[r.username as keyof typeof who] = r.id;
});
afterAll(() => t.close());

/** A GET that answers bytes (the Client reads JSON only). */
async function getRaw(c: Client, url: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

const docsOf = async (memberId: number) =>
  (await ops.admin.get(`/api/admin/members/${memberId}`)).body.data.documents as {
    id: number;
    type: string;
    image: string;
    valid_to: string;
  }[];

const lastAudit = async (action: string) =>
  (
    await db()
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, action))
      .orderBy(desc(operatorAudit.id))
      .limit(1)
  )[0];

describe('member list', () => {
  it('searches and filters, paginated', async () => {
    const q = (s: string) => ops.kefu.get(`/api/admin/members?${s}`);
    const all = (await q('status=all')).body.data;
    expect(all.total).toBe(3);
    const paged = (await q('status=all&page_size=2&page=2')).body.data;
    expect(paged).toMatchObject({ total: 3, page: 2, total_page: 2 });
    expect(paged.list).toHaveLength(1);
    // Licence number, contact, phone: each finds the pending clinic.
    for (const kw of ['PDY0001433020317', '陈芳', '13900139000', '仁和']) {
      const r = (await q(`status=all&keyword=${encodeURIComponent(kw)}`)).body.data;
      expect(r.list.map((m: { username: string }) => m.username)).toEqual(['pending']);
    }
    expect((await q('status=approved')).body.data.total).toBe(2);
    expect((await q(`status=all&company_type=${encodeURIComponent('诊所')}`)).body.data.total).toBe(1);
    expect((await q(`status=all&region=${encodeURIComponent('浙江省 宁波')}`)).body.data.total).toBe(1);
    expect((await q(`status=all&region=${encodeURIComponent('江苏省')}`)).body.data.total).toBe(0);
    const noStaff = (await q('status=all&service_staff_id=0')).body.data;
    expect(noStaff.list.map((m: { username: string }) => m.username).sort()).toEqual(['demo_bj', 'pending']);
    const withStaff = (await q('status=all&service_staff_id=1')).body.data.list;
    expect(withStaff).toMatchObject([{ username: 'demo', service_staff_name: '李晓梅', disabled: false }]);
    expect((await q('status=all&disabled=1')).body.data.total).toBe(0);
    expect((await q('status=nope')).status).toBe(422);
    expect((await q('company_type=火箭')).status).toBe(422);
  });
});

describe('who may', () => {
  it('warehouse reads nothing; finance reads but cannot review, edit or disable', async () => {
    const id = who.pending;
    expect((await ops.cangku.get('/api/admin/members')).status).toBe(403);
    expect((await ops.cangku.get('/api/admin/licences/expiring')).status).toBe(403);
    const docId = (await docsOf(id))[0]!.id;
    expect((await getRaw(ops.cangku, `/api/admin/documents/${docId}/file`)).statusCode).toBe(403);
    expect((await ops.caiwu.get('/api/admin/members')).status).toBe(200);
    expect((await ops.caiwu.get(`/api/admin/members/${id}`)).status).toBe(200);
    expect((await getRaw(ops.caiwu, `/api/admin/documents/${docId}/file`)).statusCode).toBe(200);
    for (const [path, body] of [
      [`/api/admin/members/${id}/approve`, {}],
      [`/api/admin/members/${id}/reject`, { reason: '资料不全' }],
      [`/api/admin/members/${id}/scope`, { scope: ['中成药'] }],
      [`/api/admin/members/${id}/licences`, { business_licence_no: 'X' }],
      [`/api/admin/documents/${docId}`, { number: 'X' }],
      [`/api/admin/documents/${docId}/approve`, {}],
      [`/api/admin/members/${id}/rank`, { rank: 2 }],
      [`/api/admin/members/${id}/service_staff`, { staff_id: 1 }],
      [`/api/admin/members/${id}/disable`, { reason: '测试停用' }],
      [`/api/admin/members/${id}/enable`, {}],
    ] as const) {
      expect((await ops.caiwu.post(path, body)).status, path).toBe(403);
      expect((await ops.cangku.post(path, body)).status, path).toBe(403);
    }
    const m = new Client(t.app, '10.8.1.1');
    await m.login('demo', 'demo123456');
    expect((await getRaw(m, `/api/admin/documents/${docId}/file`)).statusCode).toBe(403);
    expect((await getRaw(new Client(t.app), `/api/admin/documents/${docId}/file`)).statusCode).toBe(401);
  });
});

describe('detail and documents', () => {
  it('shows the registration data and serves each file inline with its type', async () => {
    const d = (await ops.kefu.get(`/api/admin/members/${who.pending}`)).body.data;
    expect(d).toMatchObject({
      username: 'pending',
      company: '宁波仁和诊所',
      contact: '陈芳',
      contact_phone: '13900139000',
      drug_licence_no: 'PDY0001433020317',
      disabled: false,
      service_staff_name: '',
    });
    expect(d.documents).toHaveLength(2);
    const pdf = await getRaw(ops.kefu, d.documents[0].image);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^inline; filename="[^"]+\.pdf"/);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    // Framed by the back office's own page only.
    expect(pdf.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(pdf.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const m = new Client(t.app, '10.8.1.2');
    await m.login('demo_bj', 'demo123456');
    const up = await postMultipart(m, '/api/user/zizhi', {
      type: 'device_licence',
      number: 'QX-1',
      valid_to: '2099-01-01',
      file: PNG,
    });
    const png = await getRaw(ops.kefu, `/api/admin/documents/${up.body.data.id}/file`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(String(png.headers['content-disposition'])).toContain('inline');
    expect((await getRaw(ops.kefu, '/api/admin/documents/999999/file')).statusCode).toBe(404);
  });

  it('edits licence numbers and a document’s number and dates, audited', async () => {
    const id = who.pending;
    const r = await ops.kefu.post(`/api/admin/members/${id}/licences`, {
      business_licence_no: '91330203MA2GU8PL0X',
    });
    expect(r.body.data).toMatchObject({
      business_licence_no: '91330203MA2GU8PL0X',
      drug_licence_no: 'PDY0001433020317',
    });
    expect((await ops.kefu.post(`/api/admin/members/${id}/licences`, {})).status).toBe(422);
    const a = await lastAudit('member.licences');
    expect(a).toMatchObject({ entity: 'member', entityId: String(id), operatorName: 'kefu' });
    expect(a!.before).toMatchObject({ business_licence_no: '91330203MA2GU8PL0C' });
    expect(a!.after).toMatchObject({ business_licence_no: '91330203MA2GU8PL0X' });

    const docId = (await docsOf(id))[0]!.id;
    const e = await ops.kefu.post(`/api/admin/documents/${docId}`, {
      number: 'NEW-NO',
      valid_from: '2024-01-01',
      valid_to: '2030-06-30',
    });
    expect(e.body.data.documents.find((x: { id: number }) => x.id === docId)).toMatchObject({
      number: 'NEW-NO',
      valid_from: '2024-01-01',
      valid_to: '2030-06-30',
    });
    const bad = await ops.kefu.post(`/api/admin/documents/${docId}`, { valid_from: '2031-01-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('有效期不能早于发证日期');
    expect((await ops.kefu.post(`/api/admin/documents/${docId}`, { valid_to: '2030-02-30' })).status).toBe(
      422,
    );
    expect((await ops.kefu.post(`/api/admin/documents/${docId}`, {})).status).toBe(422);
    expect((await ops.kefu.post('/api/admin/documents/999999', { number: 'x' })).status).toBe(404);
    expect((await lastAudit('member.document.edit'))!.after).toMatchObject({ number: 'NEW-NO' });
  });
});

describe('review', () => {
  it('approve: the member gets a message and an SMS; the audit log has before and after', async () => {
    const r = await ops.kefu.post(`/api/admin/members/${who.pending}/approve`);
    expect(r.body).toMatchObject({ code: 10000, data: { status: 'approved', pending_documents: 0 } });
    const sms = (await ops.kefu.get('/api/dev/sms?mobile=13900139000')).body.data;
    expect(sms[0].content).toContain('资质已审核通过');
    const m = new Client(t.app, '10.8.1.3');
    await m.login('pending', 'demo123456');
    expect((await m.get('/api/user/message')).body.data.list[0].title).toBe('资质审核通过');
    const a = await lastAudit('member.approve');
    expect(a).toMatchObject({ entity: 'member', entityId: String(who.pending), status: 200 });
    expect(a!.before).toMatchObject({ status: 'pending' });
    expect(a!.after).toMatchObject({ status: 'approved' });
  });

  it('reject with a reason: message and SMS carry it', async () => {
    const id = await createMember(db(), {
      username: 'newclinic',
      password: 'demo123456',
      name: '赵六',
      phone: '13700137000',
      company: '绍兴新诊所',
      status: 'pending',
    });
    expect((await ops.kefu.post(`/api/admin/members/${id}/reject`, { reason: '' })).status).toBe(422);
    const r = await ops.kefu.post(`/api/admin/members/${id}/reject`, { reason: '营业执照模糊' });
    expect(r.body.data).toMatchObject({ status: 'rejected', reject_reason: '营业执照模糊' });
    const sms = (await ops.kefu.get('/api/dev/sms?mobile=13700137000')).body.data;
    expect(sms[0].content).toContain('原因：营业执照模糊');
    expect((await lastAudit('member.reject'))!.summary).toContain('营业执照模糊');
  });
});

describe('含麻 authorisation letter', () => {
  it('only an approved hm_letter lets the member buy 含麻 goods', async () => {
    const cat = await createCategory(db(), { name: '西药', code: 'xy' });
    const ck = await createWarehouse(db(), { name: '杭州仓' });
    const hm = await createGoods(db(), {
      name: '氨麻美敏片',
      ypgg: '10片',
      sccj: '某药业',
      scopeClass: '化学药制剂',
      categoryId: cat,
      ckId: ck,
      basePrice: 1000,
      price: 800,
      isHm: true,
      qgNumber: 20,
    });
    const m = new Client(t.app, '10.8.1.4');
    await m.login('demo_bj', 'demo123456');
    const block = async () => (await m.get(`/api/goods/detail/${hm}`)).body.data.buy_block;
    expect((await block())?.rule).toBe('hm_letter');
    const up = await postMultipart(m, '/api/user/zizhi', {
      type: 'hm_letter',
      number: 'HM-BJ-1',
      valid_to: day(200),
      file: PNG,
    });
    expect((await block())?.rule).toBe('hm_letter');
    const doc = (await docsOf(who.demo_bj)).find((d) => d.id === up.body.data.id)!;
    expect(doc).toMatchObject({ type: 'hm_letter', valid_to: day(200) });
    expect((await ops.kefu.post(`/api/admin/documents/${doc.id}/approve`)).body.code).toBe(10000);
    expect(await block()).toBeNull();
    expect((await lastAudit('member.document.approve'))!.entityId).toBe(String(who.demo_bj));
  });
});

describe('licence-expiry board', () => {
  it('counts and lists by bucket; a renewal replaces the document it renews', async () => {
    const docs = await docsOf(who.demo);
    const byType = (type: string) => docs.find((d) => d.type === type)!.id;
    const set = (docId: number, validTo: string) =>
      ops.kefu.post(`/api/admin/documents/${docId}`, { valid_from: '', valid_to: validTo });
    await set(byType('business_licence'), day(-1));
    await set(byType('drug_licence'), day(10));
    await set(byType('hm_letter'), day(45));
    const bj = (await docsOf(who.demo_bj)).find((d) => d.type === 'business_licence')!.id;
    await set(bj, day(80));

    const board = async (within: string) =>
      (await ops.caiwu.get(`/api/admin/licences/expiring?within=${within}`)).body.data;
    const b60 = await board('60');
    expect(b60.counts).toEqual({ expired: 1, d30: 1, d60: 2, d90: 3 });
    expect(b60.list.map((r: { type: string; days_left: number }) => [r.type, r.days_left])).toEqual([
      ['drug_licence', 10],
      ['hm_letter', 45],
    ]);
    expect(b60.list[0]).toMatchObject({
      company: '杭州康宁大药房有限公司',
      username: 'demo',
      type_name: '药品经营许可证',
      file: `/api/admin/documents/${byType('drug_licence')}/file`,
    });
    expect(b60.total).toBe(2);
    const expired = await board('expired');
    expect(expired.list).toMatchObject([{ type: 'business_licence', days_left: -1, valid_to: day(-1) }]);
    expect((await board('90')).total).toBe(3);
    expect(
      (await ops.caiwu.get('/api/admin/licences/expiring?within=90&page_size=1&page=3')).body.data.list,
    ).toMatchObject([{ document_id: bj }]);
    expect((await ops.caiwu.get('/api/admin/licences/expiring?within=7')).status).toBe(422);

    // The member uploads a renewed licence: the expired one leaves the board.
    const m = new Client(t.app, '10.8.1.5');
    await m.login('demo', 'demo123456');
    await postMultipart(m, '/api/user/zizhi', {
      type: 'business_licence',
      number: 'RENEW-1',
      valid_to: day(700),
      file: PNG,
    });
    expect((await board('expired')).counts.expired).toBe(0);
  });
});

describe('disable and enable', () => {
  it('ends the sessions, refuses login, and enables again', async () => {
    const m = new Client(t.app, '10.8.1.6');
    await m.login('demo', 'demo123456');
    expect((await m.get('/api/user/center')).status).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    expect((await ops.kefu.post(`/api/admin/members/${who.demo}/disable`, { reason: '' })).status).toBe(422);
    const r = await ops.kefu.post(`/api/admin/members/${who.demo}/disable`, { reason: '资质过期未续' });
    expect(r.body).toMatchObject({ code: 10000, msg: '账号已停用', data: { disabled: true } });
    expect((await m.get('/api/user/center')).status).toBe(401);
    const again = await new Client(t.app, '10.8.1.7').login('demo', 'demo123456');
    expect(again.body.msg).toBe('账号已停用，请联系客服');
    // Every other door (SMS, WeChat, switching store) ends in createSession, which refuses too.
    await expect(
      createSession(db(), { type: 'member', id: who.demo }, { ip: '10.8.1.7', userAgent: '' }, t.clock.now),
    ).rejects.toThrow('账号已停用，请联系客服');
    expect(
      (await ops.kefu.post(`/api/admin/members/${who.demo}/disable`, { reason: '再次停用' })).body.msg,
    ).toBe('该账号已停用');
    const listed = (await ops.kefu.get('/api/admin/members?status=all&disabled=1')).body.data.list;
    expect(listed.map((x: { username: string }) => x.username)).toEqual(['demo']);
    const a = await lastAudit('member.disable');
    expect(a).toMatchObject({ entity: 'member', entityId: String(who.demo) });
    expect(a!.summary).toContain('资质过期未续');
    expect([a!.before, a!.after]).toMatchObject([{ disabled: false }, { disabled: true }]);

    expect((await ops.kefu.post(`/api/admin/members/${who.demo}/enable`)).body.data.disabled).toBe(false);
    const back = new Client(t.app, '10.8.1.8');
    expect((await back.login('demo', 'demo123456')).body.code).toBe(10000);
    expect((await back.get('/api/user/center')).status).toBe(200);
    const [row] = await db()
      .select({ n: qualificationDocuments.id })
      .from(qualificationDocuments)
      .where(
        and(eq(qualificationDocuments.memberId, who.demo), eq(qualificationDocuments.status, 'approved')),
      );
    expect(row).toBeDefined();
  });

  it('scope, rank and service staff stay audited writes', async () => {
    const id = who.demo_bj;
    expect(
      (await ops.kefu.post(`/api/admin/members/${id}/scope`, { scope: ['中成药'] })).body.data.scope,
    ).toEqual(['中成药']);
    expect((await ops.kefu.post(`/api/admin/members/${id}/rank`, { rank: 4 })).body.data.rank).toBe(4);
    const s = await ops.kefu.post(`/api/admin/members/${id}/service_staff`, { staff_id: 1 });
    expect(s.body.data).toMatchObject({ service_staff_id: 1, service_staff_name: '李晓梅' });
    for (const action of ['member.scope', 'member.rank', 'member.service_staff'])
      expect((await lastAudit(action))?.entityId, action).toBe(String(id));
  });
});
