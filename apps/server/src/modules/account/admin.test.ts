import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { PNG_PART as PNG } from '../../test/account-fixtures.js';
import { postMultipart } from '../../test/multipart.js';

let t: TestApp;
let op: Client;
let pendingId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db, t.clock.now);
  op = new Client(t.app, '10.7.0.1');
  await op.get('/api/health');
  await op.post('/api/admin/login', { username: 'admin', password: 'admin123456' });
  pendingId = (await op.get('/api/admin/members?status=pending')).body.data.list[0].id;
});
afterAll(() => t.close());

describe('operator review', () => {
  it('lists pending members with their pending documents', async () => {
    const res = await op.get('/api/admin/members?status=pending&keyword=仁和');
    expect(res.body.data).toMatchObject({ total: 1, list: [{ username: 'pending', pending_documents: 2 }] });
    expect((await op.get('/api/admin/members?status=nope')).status).toBe(422);
  });

  it('refuses members and visitors', async () => {
    const m = new Client(t.app, '10.7.0.2');
    await m.login('demo', 'demo123456');
    expect((await m.get('/api/admin/members')).status).toBe(403);
    expect((await m.post(`/api/admin/members/${pendingId}/approve`)).status).toBe(403);
    expect((await new Client(t.app).get('/api/admin/members')).status).toBe(401);
  });

  it('rejects with a reason; the member sees it and a message', async () => {
    expect((await op.post(`/api/admin/members/${pendingId}/reject`, { reason: '' })).status).toBe(422);
    const res = await op.post(`/api/admin/members/${pendingId}/reject`, { reason: '营业执照照片不清晰' });
    expect(res.body.data).toMatchObject({ status: 'rejected', reject_reason: '营业执照照片不清晰' });
    const m = new Client(t.app, '10.7.0.3');
    await m.login('pending', 'demo123456');
    const center = await m.get('/api/user/center');
    expect(center.body.data.qualification).toMatchObject({
      status: 'rejected',
      reject_reason: '营业执照照片不清晰',
    });
    const msgs = await m.get('/api/user/message');
    expect(msgs.body.data.list[0].content).toContain('营业执照照片不清晰');
    // A decided member cannot be decided again until resubmitted.
    expect((await op.post(`/api/admin/members/${pendingId}/approve`)).body.msg).toBe('只能审核待审核的会员');
    // The rejected documents must be uploaded again before resubmitting.
    expect((await m.post('/api/register/submit')).status).toBe(422);
    for (const type of ['business_licence', 'medical_institution']) {
      await postMultipart(m, '/api/user/zizhi', {
        type,
        number: `N-${type}`,
        valid_to: '2099-01-01',
        file: PNG,
      });
    }
    expect((await m.post('/api/register/submit')).body.code).toBe(10000);
    expect((await op.post(`/api/admin/members/${pendingId}/approve`)).body.data.status).toBe('approved');
  });

  it('sets scope, rank and the customer-service admin', async () => {
    const staff = (await op.get('/api/admin/service_staff')).body.data[0];
    expect(
      (await op.post(`/api/admin/members/${pendingId}/scope`, { scope: ['生物制品', '中成药'] })).body.data
        .scope,
    ).toEqual(['生物制品', '中成药']);
    expect((await op.post(`/api/admin/members/${pendingId}/scope`, { scope: ['火箭'] })).status).toBe(422);
    expect((await op.post(`/api/admin/members/${pendingId}/rank`, { rank: 3 })).body.data.rank).toBe(3);
    expect((await op.post(`/api/admin/members/${pendingId}/rank`, { rank: 99 })).status).toBe(422);
    const s = await op.post(`/api/admin/members/${pendingId}/service_staff`, { staff_id: staff.id });
    expect(s.body.data.service_staff_id).toBe(staff.id);
    expect((await op.post(`/api/admin/members/${pendingId}/service_staff`, { staff_id: 999 })).status).toBe(
      404,
    );
    expect((await op.get('/api/admin/members/999999')).status).toBe(404);
  });

  it('reviews a renewed document', async () => {
    const m = new Client(t.app, '10.7.0.4');
    await m.login('demo', 'demo123456');
    const up = await postMultipart(m, '/api/user/zizhi', {
      type: 'drug_licence',
      number: 'R-1',
      valid_to: '2099-01-01',
      file: PNG,
    });
    const docId = up.body.data.id;
    expect((await op.post(`/api/admin/documents/${docId}/approve`)).body.code).toBe(10000);
    expect((await op.post(`/api/admin/documents/${docId}/approve`)).body.msg).toBe('该证件已审核');
    const docs = (await m.get('/api/user/zizhi')).body.data;
    expect(docs.find((d: { id: number }) => d.id === docId).status).toBe('approved');
  });
});
