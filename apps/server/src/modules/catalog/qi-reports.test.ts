import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { EXE_BYTES, PNG_1PX } from '../../test/account-fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { orderFixture, type OrderFixture } from '../order/fixtures.js';

let t: TestApp;
let f: OrderFixture;
let demo: Client;
const staff: Record<'cangku' | 'kefu', Client> = {} as never;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db, t.clock.now);
  f = await orderFixture(t.ctx.database.db, t.clock.now);
  demo = new Client(t.app, '10.34.0.1');
  await demo.login('demo', 'demo123456');
  for (const [i, name] of (['cangku', 'kefu'] as const).entries()) {
    staff[name] = new Client(t.app, `10.34.1.${i + 1}`);
    await staff[name].get('/api/health');
    await staff[name].post('/api/admin/login', { username: name, password: 'admin123456' });
  }
});
afterAll(() => t.close());

const upload = (c: Client, goodsId: number, batch: unknown, file = filePart(PDF, 'report.pdf')) =>
  postMultipart(c, `/api/admin/goods/${goodsId}/qi_reports`, { batch_no: batch, file });
const bytesOf = (c: Client, url: string, ip: string) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });

describe('quality-inspection reports', () => {
  it('the warehouse uploads one per goods and batch; buyers find it by goods or batch and open it', async () => {
    const up = await upload(staff.cangku, f.amoxicillin, 'B-LATE');
    expect(up.body).toMatchObject({
      code: 10000,
      msg: '质检报告已上传',
      data: {
        batch_no: 'B-LATE',
        mime: 'application/pdf',
        goods: { id: f.amoxicillin, name: '阿莫西林胶囊' },
      },
    });
    expect(up.body.data.expires_on).toMatch(/^\d{4}-06-01$/);
    await upload(staff.cangku, f.ibuprofen, 'IB-01', filePart(Buffer.from(PNG_1PX, 'base64'), 'scan.png'));

    for (const query of ['keyword=阿莫西林', 'keyword=amxl', 'batch_no=b-late', 'keyword=国药准字']) {
      const found = await demo.get(`/api/qi_reports?${query}`);
      expect(found.body.data.list.map((r: { batch_no: string }) => r.batch_no)).toContain('B-LATE');
    }
    expect((await demo.get('/api/qi_reports?batch_no=IB-01')).body.data.list).toHaveLength(1);
    expect((await demo.get('/api/qi_reports?keyword=不存在的药')).body.data).toMatchObject({
      total: 0,
      list: [],
    });
    // The goods page's batches: only the batch with a report links one.
    const lots = (await demo.get(`/api/goods/detail/${f.amoxicillin}`)).body.data.lots as {
      batch_no: string;
      qi_report_url: string;
    }[];
    const linked = lots.filter((l) => l.qi_report_url).map((l) => l.batch_no);
    expect(linked).toEqual(['B-LATE']);
    expect(lots.length).toBeGreaterThan(1);
    const mine = await demo.get(`/api/goods/${f.amoxicillin}/qi_reports`);
    expect(mine.body.data.list).toHaveLength(1);
    const url = mine.body.data.list[0].file_url;
    expect(url).toMatch(/^\/api\/qi_reports\/\d+\/file$/);
    const file = await bytesOf(demo, url, '10.34.0.1');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await new Client(t.app, '10.34.0.9').get('/api/qi_reports')).status).toBe(401);
    expect((await new Client(t.app, '10.34.0.9').get(url)).status).toBe(401);
  });

  it('a new upload for the same batch replaces the report; delete removes it', async () => {
    await upload(
      staff.cangku,
      f.amoxicillin,
      'B-LATE',
      filePart(Buffer.from(PNG_1PX, 'base64'), 'photo.png'),
    );
    const list = (await staff.kefu.get(`/api/admin/qi_reports?goods_id=${f.amoxicillin}`)).body.data.list;
    expect(list.map((r: { batch_no: string; mime: string }) => [r.batch_no, r.mime])).toEqual([
      ['B-LATE', 'image/png'],
    ]);
    expect((await staff.kefu.delete(`/api/admin/qi_reports/${list[0].id}`)).status).toBe(403);
    expect((await staff.cangku.delete(`/api/admin/qi_reports/${list[0].id}`)).body.msg).toBe(
      '质检报告已删除',
    );
    expect((await demo.get(`/api/goods/${f.amoxicillin}/qi_reports`)).body.data.list).toEqual([]);
    expect((await demo.get(list[0].file_url.replace('/api/admin', '/api'))).status).toBe(404);
  });

  it('refuses what is not a report, a bad batch, an unknown goods and 客服', async () => {
    const exe = await upload(staff.cangku, f.amoxicillin, 'B1', filePart(EXE_BYTES, 'report.pdf'));
    expect(exe.status).toBe(422);
    expect(exe.body.msg).toBe('仅支持PDF、JPG或PNG文件');
    expect((await upload(staff.cangku, f.amoxicillin, '')).body.msg).toBe('请填写批号');
    expect((await upload(staff.cangku, f.amoxicillin, '<script>')).body.msg).toBe(
      '批号只能包含字母、数字和 - / .',
    );
    expect(
      (await postMultipart(staff.cangku, `/api/admin/goods/${f.amoxicillin}/qi_reports`, { batch_no: 'B1' }))
        .body.msg,
    ).toBe('请选择质检报告文件');
    expect((await upload(staff.cangku, 2_000_000_000, 'B1')).status).toBe(404);
    expect((await upload(staff.kefu, f.amoxicillin, 'B1')).status).toBe(403);
    expect((await demo.get('/api/qi_reports?page=0')).status).toBe(422);
  });
});
