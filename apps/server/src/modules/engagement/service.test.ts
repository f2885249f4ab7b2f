import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyRequestView, FeedbackView, MessageView } from '@kc/domain';
import { seedService } from '../../seed/service.js';
import { seedAccounts } from '../../seed/accounts.js';
import { EXE_BYTES, PNG_PART } from '../../test/account-fixtures.js';
import { Client, createTestApp, type TestApp, signedInMember, signedInOperator } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { createCategory, createGoods, createWarehouse } from '../catalog/service.js';

let t: TestApp;
let goodsId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.database.db;
  await seedAccounts(db);
  const categoryId = await createCategory(db, { name: '西药', code: 'xy' });
  const ckId = await createWarehouse(db, { name: '杭州仓' });
  goodsId = await createGoods(db, {
    name: '盐酸二甲双胍缓释片',
    ypgg: '0.5g*30片',
    sccj: '中美上海施贵宝制药有限公司',
    scopeClass: '化学药制剂',
    categoryId,
    ckId,
    basePrice: 3000,
    price: 2600,
    lots: [{ batchNo: 'B1', producedOn: '2025-01-01', expiresOn: '2028-01-01', quantity: 50 }],
  });
});
afterAll(() => t.close());

const member = (username: string) => signedInMember(t.app, username);
const operator = (username: string) => signedInOperator(t.app, username);
const want = { name: '达格列净片', sccj: '阿斯利康制药有限公司', ypgg: '10mg*14片', number: 20 };
/** The member's service messages, latest first (the seed's messages carry other dates). */
const messagesOf = async (c: Client) =>
  ((await c.get('/api/user/message?page_size=50')).body.data.list as MessageView[])
    .filter((m) => m.kind === 'service')
    .sort((a, b) => b.id - a.id);

describe('variety requests (品种求购)', () => {
  it('files a request, lists and shows it to its owner only', async () => {
    const demo = await member('demo');
    const res = await demo.post('/api/user/buy', {
      ...want,
      approval_no: '国药准字J20170040',
      remark: '急需',
    });
    expect(res.body).toMatchObject({
      code: 10000,
      msg: '求购已提交，我们会尽快为您寻找货源',
      data: {
        ...want,
        approval_no: '国药准字J20170040',
        remark: '急需',
        status: 'pending',
        status_text: '待处理',
        goods: null,
      },
    });
    const id = res.body.data.id;
    const list = await demo.get('/api/user/buy?page=1');
    expect(list.body.data).toMatchObject({ total: 1, page: 1 });
    expect(list.body.data.list[0]).toMatchObject({ id, name: '达格列净片' });
    expect((await demo.get(`/api/user/buy/${id}`)).body.data.id).toBe(id);

    // Another member sees neither the list row nor the detail.
    const other = await member('pending');
    expect((await other.get('/api/user/buy')).body.data.total).toBe(0);
    expect((await other.get(`/api/user/buy/${id}`)).body).toMatchObject({ code: 404, msg: '求购记录不存在' });
  });

  it('refuses bad input with the first field message, and visitors', async () => {
    const demo = await member('demo');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...want, name: '' }, '请输入药品名称'],
      [{ ...want, sccj: '  ' }, '请输入生产厂家'],
      [{ ...want, ypgg: undefined }, '请输入规格'],
      [{ ...want, number: 0 }, '求购数量至少为1'],
      [{ ...want, number: 'abc' }, '求购数量必须是数字'],
      [{ ...want, number: 1.5 }, '求购数量必须是整数'],
      [{ ...want, number: 100000 }, '求购数量不能超过99999'],
      [{ ...want, remark: 'x'.repeat(501) }, '备注不能超过500个字'],
      [{ ...want, name: ['a', 'b'] }, '药品名称格式有误'],
    ];
    for (const [body, msg] of cases) {
      const res = await demo.post('/api/user/buy', body);
      expect(res.status, msg).toBe(422);
      expect(res.body.msg).toBe(msg);
    }
    expect((await demo.get('/api/user/buy?page=0')).status).toBe(422);
    expect((await demo.get('/api/user/buy/abc')).status).toBe(422);
    const visitor = new Client(t.app);
    expect((await visitor.post('/api/user/buy', want)).body.code).toBe(10001);
    expect((await visitor.get('/api/user/buy')).body.code).toBe(10001);
  });

  it('the operator sources it with a listed goods: the buyer gets a message and the link', async () => {
    const demo = await member('demo');
    const id = (await demo.post('/api/user/buy', want)).body.data.id;
    const kefu = await operator('kefu');
    const list = await kefu.get('/api/admin/buy_requests?status=pending&keyword=达格列净');
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    expect(list.body.data.list[0]).toMatchObject({ member_company: expect.any(String), status: 'pending' });

    // A goods that is not listed is refused; so is a sourced answer without goods.
    expect(
      (await kefu.post(`/api/admin/buy_requests/${id}/answer`, { result: 'sourced', goods_id: 999999 })).body,
    ).toMatchObject({
      code: 404,
      msg: '商品不存在或已下架',
    });
    expect((await kefu.post(`/api/admin/buy_requests/${id}/answer`, { result: 'sourced' })).body.msg).toBe(
      '请选择上架的商品',
    );
    expect((await kefu.post(`/api/admin/buy_requests/${id}/answer`, { result: 'maybe' })).status).toBe(422);

    const ok = await kefu.post(`/api/admin/buy_requests/${id}/answer`, {
      result: 'sourced',
      goods_id: goodsId,
      reply: '已上架',
    });
    expect(ok.body).toMatchObject({
      code: 10000,
      data: {
        status: 'sourced',
        status_text: '已找到货源',
        answered_by: '李晓梅',
        goods: { id: goodsId, name: '盐酸二甲双胍缓释片' },
      },
    });
    const detail = await demo.get(`/api/user/buy/${id}`);
    expect(detail.body.data).toMatchObject({ status: 'sourced', reply: '已上架', goods: { id: goodsId } });
    expect(detail.body.data.answered_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const [msg] = await messagesOf(demo);
    expect(msg).toMatchObject({ kind: 'service', title: '品种求购已找到货源', is_read: 0 });
    expect(msg?.content).toContain('盐酸二甲双胍缓释片');

    // A sourced request is final.
    const again = await kefu.post(`/api/admin/buy_requests/${id}/answer`, {
      result: 'unavailable',
      reply: '缺货',
    });
    expect(again.body.msg).toBe('该求购已找到货源，不能再次处理');
  });

  it('cannot source needs a reason, which the buyer reads', async () => {
    const demo = await member('demo');
    const id = (await demo.post('/api/user/buy', { ...want, name: '某进口药' })).body.data.id;
    const kefu = await operator('kefu');
    expect(
      (await kefu.post(`/api/admin/buy_requests/${id}/answer`, { result: 'unavailable', reply: '' })).body
        .msg,
    ).toBe('请输入无法供货的原因');
    await kefu.post(`/api/admin/buy_requests/${id}/answer`, { result: 'unavailable', reply: '厂家已停产' });
    expect((await demo.get(`/api/user/buy/${id}`)).body.data).toMatchObject({
      status: 'unavailable',
      status_text: '无法供货',
      reply: '厂家已停产',
    });
    const [msg] = await messagesOf(demo);
    expect(msg).toMatchObject({ title: '品种求购处理结果' });
    expect(msg?.content).toContain('原因：厂家已停产');
    expect(
      (await kefu.post('/api/admin/buy_requests/99999/answer', { result: 'unavailable', reply: 'x' })).body
        .code,
    ).toBe(404);
  });

  it('only 客服 and 管理员 see and answer requests', async () => {
    for (const name of ['cangku', 'caiwu']) {
      const c = await operator(name);
      expect((await c.get('/api/admin/buy_requests')).status).toBe(403);
      expect(
        (await c.post('/api/admin/buy_requests/1/answer', { result: 'unavailable', reply: 'x' })).status,
      ).toBe(403);
    }
    expect((await (await operator('admin')).get('/api/admin/buy_requests')).body.code).toBe(10000);
    // A member's session is not an operator's.
    expect((await (await member('demo')).get('/api/admin/buy_requests')).status).toBe(403);
    expect((await new Client(t.app).get('/api/admin/buy_requests')).body.code).toBe(10001);
  });
});

describe('feedback (意见反馈)', () => {
  it('takes a feedback with images; the text with a script is kept as text', async () => {
    const demo = await member('demo');
    const content = '<script>alert(1)</script>页面加载慢<img src=x onerror=alert(2)>';
    const res = await postMultipart(demo, '/api/user/feedback', {
      type: 1,
      content,
      contact: '13800138000',
      images: [PNG_PART, filePart(PNG_PART.bytes, 'b.png', 'image/png')],
    });
    expect(res.body).toMatchObject({
      code: 10000,
      msg: '感谢您的反馈，我们会尽快回复',
      data: { type: 1, type_text: '功能建议', content, status: 'pending', status_text: '待回复', reply: '' },
    });
    const { id, images } = res.body.data;
    expect(images).toEqual([`/api/user/feedback/${id}/image/1`, `/api/user/feedback/${id}/image/2`]);
    const img = await demo.get(images[0]);
    expect(img.status).toBe(200);
    expect(img.res.headers['content-type']).toBe('image/png');
    expect(img.res.rawPayload.equals(PNG_PART.bytes)).toBe(true);
    // Another member cannot read it.
    const other = await member('pending');
    expect((await other.get(images[0])).status).toBe(404);
    expect((await other.get('/api/user/feedback')).body.data.total).toBe(0);
    expect((await demo.get(`/api/user/feedback/${id}/image/3`)).status).toBe(404);
    expect((await demo.get(`/api/user/feedback/${id}/image/9`)).status).toBe(422);
  });

  it('takes a form-encoded feedback without images and refuses bad input', async () => {
    const demo = await member('demo');
    expect(
      (await demo.post('/api/user/feedback', { type: 4, content: '配送员态度不好' })).body.data,
    ).toMatchObject({
      type_text: '服务投诉',
      images: [],
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 9, content: '一二三四五' }, '请选择反馈类型'],
      [{ content: '一二三四五' }, '请选择反馈类型'],
      [{ type: 1, content: '太短' }, '反馈内容至少5个字'],
      [{ type: 1, content: 'x'.repeat(501) }, '反馈内容不能超过500个字'],
      [{ type: 1, content: '一二三四五', contact: 'x'.repeat(51) }, '联系方式不能超过50个字'],
    ];
    for (const [body, msg] of cases) {
      const res = await demo.post('/api/user/feedback', body);
      expect(res.status, msg).toBe(422);
      expect(res.body.msg).toBe(msg);
    }
    const exe = await postMultipart(demo, '/api/user/feedback', {
      type: 1,
      content: '一二三四五',
      images: filePart(EXE_BYTES, 'a.jpg', 'image/jpeg'),
    });
    expect(exe.status).toBe(422);
    expect(exe.body.msg).toBe('第1张图片仅支持JPG或PNG图片');
    const four = await postMultipart(demo, '/api/user/feedback', {
      type: 1,
      content: '一二三四五',
      images: [PNG_PART, PNG_PART, PNG_PART, PNG_PART],
    });
    expect(four.body.msg).toBe('最多上传3张图片');
    expect(
      (await new Client(t.app).post('/api/user/feedback', { type: 1, content: '一二三四五' })).body.code,
    ).toBe(10001);
  });

  it('the operator replies; the buyer reads the reply and gets a message', async () => {
    const demo = await member('demo');
    const id = (await demo.post('/api/user/feedback', { type: 4, content: '发票开具太慢了' })).body.data.id;
    const kefu = await operator('kefu');
    const list = await kefu.get('/api/admin/feedback?status=pending');
    // Unanswered complaints come first.
    expect(list.body.data.list[0]).toMatchObject({ type: 4, status: 'pending' });
    const row = list.body.data.list.find((f: { id: number }) => f.id === id);
    expect(row).toMatchObject({ member_company: expect.stringContaining(''), content: '发票开具太慢了' });
    expect((await kefu.post(`/api/admin/feedback/${id}/reply`, { reply: ' ' })).body.msg).toBe(
      '请输入回复内容',
    );
    const replied = await kefu.post(`/api/admin/feedback/${id}/reply`, { reply: '已督促财务加快处理' });
    expect(replied.body.data).toMatchObject({
      status: 'replied',
      status_text: '已回复',
      replied_by: '李晓梅',
    });
    const mine = await demo.get('/api/user/feedback');
    expect(mine.body.data.list.find((f: { id: number }) => f.id === id)).toMatchObject({
      reply: '已督促财务加快处理',
      status_text: '已回复',
    });
    const [msg] = await messagesOf(demo);
    expect(msg).toMatchObject({
      kind: 'service',
      title: '您的服务投诉已收到回复',
      content: '客服回复：已督促财务加快处理',
    });
    expect((await kefu.post('/api/admin/feedback/99999/reply', { reply: 'x' })).body.code).toBe(404);
    // Images through the back office.
    const withImage = await postMultipart(demo, '/api/user/feedback', {
      type: 2,
      content: '包装破损严重',
      images: PNG_PART,
    });
    const adminList = await kefu.get('/api/admin/feedback?type=2');
    const f = adminList.body.data.list.find((x: { id: number }) => x.id === withImage.body.data.id);
    expect(f.images).toEqual([`/api/admin/feedback/${f.id}/image/1`]);
    expect((await kefu.get(f.images[0])).status).toBe(200);
  });

  it('only 客服 and 管理员 reply', async () => {
    const c = await operator('cangku');
    expect((await c.get('/api/admin/feedback')).status).toBe(403);
    expect((await c.post('/api/admin/feedback/1/reply', { reply: 'x' })).status).toBe(403);
    expect((await c.get('/api/admin/feedback/1/image/1')).status).toBe(403);
    const kefu = await operator('kefu');
    expect((await kefu.get('/api/admin/feedback?type=7')).status).toBe(422);
    expect((await kefu.get('/api/admin/feedback?status=bad')).status).toBe(422);
    // The back office sends '' for 全部.
    for (const path of [
      '/api/admin/feedback?status=&type=',
      '/api/admin/buy_requests?status=&keyword=',
      '/api/admin/join_applications?status=',
    ]) {
      expect((await kefu.get(path)).body.code, path).toBe(10000);
    }
  });
});

describe('franchise applications (加盟申请)', () => {
  const apply = { company: '仁和大药房', name: '李明', phone: '13912345678', region: '浙江省杭州市' };

  it('a visitor and a member apply; the operator reviews once; the member gets a message', async () => {
    const visitor = new Client(t.app, '10.0.0.1');
    const v = await visitor.post('/api/goods/join_apply', { ...apply, goods_id: goodsId });
    expect(v.body).toMatchObject({
      code: 10000,
      msg: '申请已提交，招商专员会尽快与您联系',
      data: { id: expect.any(Number) },
    });
    const demo = await member('demo');
    const m = await demo.post('/api/goods/join_apply', {
      ...apply,
      company: '康宁药店',
      phone: '0571-88886666',
    });
    expect(m.body.code).toBe(10000);

    const kefu = await operator('kefu');
    const list = await kefu.get('/api/admin/join_applications?status=pending');
    const row = list.body.data.list.find((a: { id: number }) => a.id === v.body.data.id);
    expect(row).toMatchObject({
      ...apply,
      goods_name: '盐酸二甲双胍缓释片',
      member_company: '',
      status_text: '待审核',
    });
    const reviewed = await kefu.post(`/api/admin/join_applications/${m.body.data.id}/review`, {
      status: 'approved',
      note: '下周上门',
    });
    expect(reviewed.body.data).toMatchObject({
      status: 'approved',
      status_text: '已通过',
      reviewed_by: '李晓梅',
      note: '下周上门',
    });
    expect(
      (await kefu.post(`/api/admin/join_applications/${m.body.data.id}/review`, { status: 'rejected' })).body
        .msg,
    ).toBe('该申请已审核');
    const [msg] = await messagesOf(demo);
    expect(msg).toMatchObject({ title: '加盟申请已通过' });
    expect(
      (await kefu.post(`/api/admin/join_applications/${v.body.data.id}/review`, { status: 'maybe' })).body
        .msg,
    ).toBe('请选择审核结果');
    expect((await (await operator('caiwu')).get('/api/admin/join_applications')).status).toBe(403);
  });

  it('refuses bad input and too many applications from one address', async () => {
    const c = new Client(t.app, '10.0.0.2');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...apply, company: '' }, '请输入门店名称'],
      [{ ...apply, phone: '12345' }, '请输入正确的联系电话'],
      [{ ...apply, region: undefined }, '请输入所在地区'],
      [{ ...apply, goods_id: 'x' }, 'ID必须是数字'],
    ];
    for (const [body, msg] of cases) expect((await c.post('/api/goods/join_apply', body)).body.msg).toBe(msg);
    expect((await c.post('/api/goods/join_apply', { ...apply, goods_id: 999999 })).body.code).toBe(404);
    const spam = new Client(t.app, '10.0.0.3');
    for (let i = 0; i < 5; i++)
      expect((await spam.post('/api/goods/join_apply', apply)).body.code).toBe(10000);
    expect((await spam.post('/api/goods/join_apply', apply)).body).toMatchObject({
      code: 429,
      msg: '提交过于频繁，请稍后再试',
    });
  });
});

describe('demo data', () => {
  it('seeds a sourced request linked to a listed goods, an open one and a replied feedback', async () => {
    const db = t.ctx.database.db;
    const [categoryId, ckId] = [
      await createCategory(db, { name: '抗感染药', code: 'kgr' }),
      await createWarehouse(db, { name: '北京仓' }),
    ];
    const azi = await createGoods(db, {
      name: '阿奇霉素',
      ypgg: '0.25g*6片',
      sccj: '辉瑞制药有限公司',
      scopeClass: '化学药制剂',
      categoryId,
      ckId,
      basePrice: 3000,
      price: 2800,
      lots: [{ batchNo: 'A1', producedOn: '2025-01-01', expiresOn: '2028-01-01', quantity: 50 }],
    });
    await seedService(db, t.clock.now);
    const demo = await member('demo');
    const list = (await demo.get('/api/user/buy?page_size=50')).body.data.list as BuyRequestView[];
    expect(list.find((r) => r.name.startsWith('阿奇霉素'))).toMatchObject({
      status: 'sourced',
      goods: { id: azi },
    });
    expect(list.find((r) => r.name === '达格列净片' && r.remark === '慢病患者长期用药')).toMatchObject({
      status: 'pending',
    });
    const feedback = (await demo.get('/api/user/feedback?page_size=50')).body.data.list as FeedbackView[];
    expect(feedback.find((f) => f.type === 3)).toMatchObject({
      status: 'replied',
      reply: expect.stringContaining('承运商'),
    });
    const kefu = await operator('kefu');
    const joins = (await kefu.get('/api/admin/join_applications?status=pending')).body.data.list;
    expect(joins.map((a: { company: string }) => a.company)).toContain('惠民大药房（滨江店）');
  });
});
