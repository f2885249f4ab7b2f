import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import {
  EXE_BYTES,
  PNG_1PX,
  companyBody,
  download,
  inDays,
  lastCode,
  registerPharmacy,
  requestCode,
} from '../../test/account-fixtures.js';

let t: TestApp;
const db = () => t.ctx.database.db;
const later = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};
const browser = async (ip = '127.0.0.1') => {
  const c = new Client(t.app, ip);
  await c.get('/api/health');
  return c;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
});
afterAll(() => t.close());

describe('POST /api/user/create_code', () => {
  it('sends a code through the development provider and keeps it in the outbox', async () => {
    const c = await browser();
    const res = await requestCode(c, '13700000001', 'register');
    expect(res.body).toMatchObject({
      code: 10000,
      msg: '验证码已发送',
      data: { resend_after: 60, expires_in: 300 },
    });
    expect(await lastCode(db(), '13700000001')).toMatch(/^\d{6}$/);
    const outbox = await c.get('/api/dev/sms?mobile=13700000001');
    expect(outbox.body.data[0].content).toContain('5分钟内有效');
  });

  it('allows one send per 60 s and 10 a day per mobile', async () => {
    const c = await browser();
    expect((await requestCode(c, '13700000002', 'register')).body.code).toBe(10000);
    const again = await requestCode(c, '13700000002', 'register');
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/^请\d+秒后再获取验证码$/);
    for (let i = 1; i < 10; i++) {
      later(61_000);
      expect((await requestCode(c, '13700000002', 'register')).body.code).toBe(10000);
    }
    later(61_000);
    const eleventh = await requestCode(c, '13700000002', 'register');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.msg).toContain('今日');
    later(24 * 3600_000);
    expect((await requestCode(c, '13700000002', 'register')).body.code).toBe(10000);
  });

  it.each([
    [{ mobile: '12345', scene: 'register' }, 422, '请输入正确的手机号码'],
    [{ mobile: '13700000003', scene: 'spam' }, 422, '验证码用途不正确'],
    [{ mobile: '13800138000', scene: 'register' }, 409, '该手机号已注册，如需添加门店请使用多店注册'],
    [{ mobile: '13700000004', scene: 'login' }, 404, '该手机号未注册'],
    [{ mobile: '13700000004', scene: 'reset' }, 404, '该手机号未注册'],
  ])('refuses %j', async (body, status, msg) => {
    const res = await (await browser()).post('/api/user/create_code', body);
    expect(res.status).toBe(status);
    expect(res.body.msg).toBe(msg);
  });
});

describe('registration step 1', () => {
  const step1 = (c: Client, over: Record<string, unknown>) =>
    c.post('/api/register/account', {
      username: 'newshop',
      password: 'Passw0rd123',
      mobile: '13700000010',
      code: '000000',
      agreement: 1,
      ...over,
    });

  it('refuses a wrong code, counts attempts, and voids the code after 5', async () => {
    const c = await browser();
    await requestCode(c, '13700000010', 'register');
    const good = await lastCode(db(), '13700000010');
    const wrong = good === '000000' ? '111111' : '000000';
    const first = await step1(c, { code: wrong });
    expect(first.body).toMatchObject({ code: 400, msg: '验证码错误，还可尝试4次' });
    for (let i = 0; i < 4; i++) await step1(c, { code: wrong });
    const after = await step1(c, { code: good });
    expect(after.body.msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('refuses an expired code (5 minutes)', async () => {
    const c = await browser();
    await requestCode(c, '13700000011', 'register');
    const code = await lastCode(db(), '13700000011');
    later(5 * 60_000 + 1);
    const res = await step1(c, { mobile: '13700000011', code, username: 'expired1' });
    expect(res.body).toMatchObject({ code: 400, msg: '验证码已过期，请重新获取' });
  });

  it.each([
    [{ password: 'short1' }, '密码至少8位'],
    [{ password: 'onlyletters' }, '密码需同时包含字母和数字'],
    [{ password: `a1${'x'.repeat(63)}` }, '密码最多64位'],
    [{ agreement: undefined }, '请阅读并同意《用户注册协议》'],
    [{ username: '1abc' }, '用户名为4-32位字母、数字或下划线，以字母开头'],
    [{ username: 'DEMO' }, '用户名已被注册'],
  ])('refuses %j with 422', async (over, msg) => {
    const c = await browser();
    const res = await step1(c, { mobile: '13700000012', code: '123456', ...over });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(msg);
  });

  it('creates a draft account, logs it in, and refuses the reused code', async () => {
    const c = await browser();
    await requestCode(c, '13700000013', 'register');
    const code = await lastCode(db(), '13700000013');
    const ok = await step1(c, { mobile: '13700000013', code, username: 'shop13' });
    expect(ok.body.code).toBe(10000);
    expect(ok.body.data.state).toMatchObject({
      status: 'draft',
      step: 1,
      username: 'shop13',
      mobile: '13700000013',
    });
    expect((await c.get('/api/user/base')).body.data).toMatchObject({ username: 'shop13', is_passed: 0 });
    const again = await step1(await browser(), { mobile: '13700000013', code, username: 'shop13b' });
    expect(again.status).toBe(409);
    const state = await c.get('/api/register/state');
    expect(state.body.data.missing_documents).toEqual(['business_licence', 'drug_licence']);
  });

  it('refuses a reused code', async () => {
    const c = await browser();
    await requestCode(c, '13700000014', 'register');
    const code = await lastCode(db(), '13700000014');
    const { verifyCode } = await import('./sms/service.js');
    await verifyCode(db(), '13700000014', 'register', code, t.clock.now);
    const res = await step1(c, { mobile: '13700000014', code, username: 'shop14' });
    expect(res.body).toMatchObject({ code: 400, msg: '验证码已使用，请重新获取' });
  });
});

describe('qualification uploads', () => {
  let c: Client;
  beforeAll(async () => {
    c = await browser('10.1.0.1');
    await requestCode(c, '13700000020', 'register');
    await c.post('/api/register/account', {
      username: 'uploader',
      password: 'Passw0rd123',
      mobile: '13700000020',
      code: await lastCode(db(), '13700000020'),
      agreement: 1,
    });
  });
  const upload = (bytes: Buffer | null, over: Record<string, unknown> = {}) =>
    postMultipart(c, '/api/user/zizhi', {
      type: 'business_licence',
      number: 'X1',
      valid_to: inDays(t.clock.now, 100),
      ...(bytes ? { file: filePart(bytes, 'scan.png') } : {}),
      ...over,
    });
  const PNG = Buffer.from(PNG_1PX, 'base64');

  it('accepts a PNG, detected by content, pending review', async () => {
    const res = await postMultipart(c, '/api/user/zizhi', {
      type: 'business_licence',
      number: 'X1',
      valid_to: inDays(t.clock.now, 100),
      file: filePart(PNG, 'scan.jpg', 'image/jpeg'),
    });
    expect(res.body.data).toMatchObject({ type: 'business_licence', status: 'pending', mime: 'image/png' });
    const file = await download(t.app, c, res.body.data.image);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('accepts a PDF', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    expect((await upload(pdf)).body.data.mime).toBe('application/pdf');
  });

  it('refuses an .exe renamed .jpg', async () => {
    const res = await upload(EXE_BYTES, { file: filePart(EXE_BYTES, 'licence.jpg', 'image/jpeg') });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('仅支持JPG、PNG或PDF文件');
  });

  it('refuses a 6 MB file', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 0);
    PNG.copy(big);
    const res = await upload(big);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('文件不能超过5MB');
  });

  it('accepts exactly 5 MB of JPEG', async () => {
    const five = Buffer.alloc(5 * 1024 * 1024, 0);
    five.set([0xff, 0xd8, 0xff, 0xe0]);
    expect((await upload(five)).body.data.mime).toBe('image/jpeg');
  });

  it.each([
    [{ valid_to: '2020-01-01' }, '证件已过期，请上传有效期内的证件'],
    [{ valid_to: 'tomorrow' }, '请输入正确的有效期（YYYY-MM-DD）'],
    [{ type: 'passport' }, '请选择证件类型'],
  ])('refuses %j', async (over, msg) => {
    const res = await upload(PNG, over);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(msg);
  });

  it('refuses a form without a file', async () => {
    const res = await upload(null);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('请上传证件图片或PDF');
  });

  it('requires a member session', async () => {
    const res = await postMultipart(await browser(), '/api/user/zizhi', {
      type: 'business_licence',
      file: filePart(PNG),
    });
    expect(res.status).toBe(401);
  });
});

describe('register → operator approves → login', () => {
  it('walks the three steps, the operator approves, the member gets a message and can log in', async () => {
    const c = new Client(t.app, '10.2.0.1');
    const id = await registerPharmacy(c, db(), t.clock.now, {
      username: 'fullflow',
      mobile: '13700000030',
      company: '杭州全流程大药房',
    });
    const state = await c.get('/api/register/state');
    expect(state.body.data).toMatchObject({ status: 'pending', step: 3, missing_documents: [] });
    const company = await c.post(
      '/api/register/company',
      companyBody({ company: '改名', mobile: '13700000030' }),
    );
    expect(company.body.msg).toBe('资质已提交，请等待审核');

    const op = new Client(t.app, '10.2.0.2');
    await op.get('/api/health');
    await op.post('/api/admin/login', { username: 'admin', password: 'admin123456' });
    const list = await op.get('/api/admin/members?status=pending');
    expect(list.body.data.list.map((m: { id: number }) => m.id)).toContain(id);
    const detail = await op.get(`/api/admin/members/${id}`);
    expect(detail.body.data.documents).toHaveLength(2);
    expect((await download(t.app, op, detail.body.data.documents[0].image)).statusCode).toBe(200);
    // A member cannot use the operator route, and an operator is not a member.
    expect((await download(t.app, c, detail.body.data.documents[0].image)).statusCode).toBe(403);
    const approved = await op.post(`/api/admin/members/${id}/approve`);
    expect(approved.body.data).toMatchObject({ status: 'approved', pending_documents: 0 });

    const member = new Client(t.app, '10.2.0.3');
    const login = await member.login('fullflow', 'Passw0rd123');
    expect(login.body.data.user).toMatchObject({ is_passed: 1, company: '杭州全流程大药房' });
    expect(login.body.data.user.message_count).toBe(2);
    const msgs = await member.get('/api/user/message');
    expect(msgs.body.data.list[0]).toMatchObject({ title: '资质审核通过', is_read: 0 });
  });

  it('submit refuses when documents are missing', async () => {
    const c = await browser('10.3.0.1');
    await requestCode(c, '13700000031', 'register');
    await c.post('/api/register/account', {
      username: 'nodocs',
      password: 'Passw0rd123',
      mobile: '13700000031',
      code: await lastCode(db(), '13700000031'),
      agreement: 'on',
    });
    const early = await c.post('/api/register/submit');
    expect(early.body.msg).toBe('请先填写企业信息');
    await c.post('/api/register/company', {
      company: '某诊所',
      company_type: '诊所',
      contact: '李四',
      contact_phone: '0571-88886666',
      region: '浙江省 杭州市',
      address: '某某路 1 号',
      business_licence_no: '91330102MA2AAAAB2Y',
      drug_licence_no: 'PDY00011',
      scope: '化学药制剂,中成药',
    });
    const res = await c.post('/api/register/submit');
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual({ business_licence: '请上传', medical_institution: '请上传' });
  });
});

describe('register_dd: another store behind the same mobile', () => {
  it('needs a store code for a registered mobile and creates a second store', async () => {
    const c = await browser('10.4.0.1');
    expect((await requestCode(c, '13700000099', 'store')).status).toBe(404);
    await requestCode(c, '13900139000', 'store');
    const res = await c.post('/api/register/store', {
      username: 'pending_store2',
      password: 'Passw0rd123',
      mobile: '13900139000',
      code: await lastCode(db(), '13900139000'),
      agreement: 1,
    });
    expect(res.body.data.state).toMatchObject({ status: 'draft', mobile: '13900139000' });
    const stores = await c.get('/api/user/phone/13900139000');
    expect(stores.body.data.map((s: { username: string }) => s.username)).toEqual([
      'pending',
      'pending_store2',
    ]);
  });
});

describe('/register/wechat', () => {
  it('registers with a WeChat code, which then logs in', async () => {
    const c = await browser('10.4.1.1');
    const auth = await c.get('/api/wechat/authorize?purpose=register&dev_user=bob');
    // The development provider signs its codes: the code is the one its page returned with.
    expect(auth.body.data.url).toMatch(/^\/register\/wechat\?code=dev_bob\.\d+\.[\w-]+&state=/);
    const wechatCode = new URL(auth.body.data.url, 'http://x').searchParams.get('code')!;
    await requestCode(c, '13700000040', 'register');
    const res = await c.post('/api/register/account', {
      username: 'wxshop',
      password: 'Passw0rd123',
      mobile: '13700000040',
      code: await lastCode(db(), '13700000040'),
      agreement: 1,
      wechat_code: wechatCode,
    });
    expect(res.body.code).toBe(10000);
    const w = await browser('10.4.1.2');
    expect((await w.post('/api/login/wechat', { code: wechatCode })).body.data.user.username).toBe('wxshop');
    // A code made up to look like one (the old unsigned form) logs no one in.
    expect((await w.post('/api/login/wechat', { code: 'dev_bob' })).body.msg).toBe(
      '微信授权已失效，请重新授权',
    );
  });
});
