import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/router-harness';
import { asVisitor, fail, ok, stubServer } from '../../testing/server';

let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => harness?.unmount());

const STATE = {
  member_id: 9,
  username: 'newshop',
  mobile: '13900000009',
  status: 'draft',
  step: 2,
  company_done: false,
  missing_documents: ['business_licence', 'drug_licence'],
  reject_reason: '',
};

const open = (path: string) => {
  harness = renderRoutes(path, { pages: (name) => name.startsWith('register_') });
};

describe('/register step 1', () => {
  it('checks the fields with the shared schemas before calling the server', async () => {
    const server = stubServer({ ...asVisitor });
    const user = userEvent.setup();
    open('/register');
    await user.click(await screen.findByRole('button', { name: '下一步' }, { timeout: 10_000 }));
    expect(await screen.findByText('用户名为4-32位字母、数字或下划线，以字母开头')).toBeInTheDocument();
    expect(screen.getByText('密码至少8位')).toBeInTheDocument();
    expect(screen.getByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(screen.getByText('请输入6位短信验证码')).toBeInTheDocument();
    expect(screen.getByText('请阅读并同意《用户注册协议》')).toBeInTheDocument();
    expect(server.calls('POST /api/register/account')).toHaveLength(0);
  });

  it('sends the SMS code once the mobile is valid, then counts down 60 s', async () => {
    const server = stubServer({
      ...asVisitor,
      'POST /api/user/create_code': ok({ mobile: '13900000009', resend_after: 60, expires_in: 300 }),
    });
    const user = userEvent.setup();
    open('/register/step1');
    const send = await screen.findByRole('button', { name: '获取验证码' }, { timeout: 10_000 });
    await user.click(send);
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(server.calls('POST /api/user/create_code')).toHaveLength(0);

    await user.type(screen.getByLabelText('手机号码'), '13900000009');
    await user.click(send);
    await waitFor(() => expect(server.calls('POST /api/user/create_code')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: /60秒后重发/ })).toBeDisabled();
    expect(server.bodies('POST /api/user/create_code')).toEqual([
      { mobile: '13900000009', scene: 'register' },
    ]);
  });

  it('creates the account and goes on to step 2', async () => {
    const server = stubServer({
      ...asVisitor,
      'POST /api/register/account': ok({ token: 't', state: STATE }),
      'GET /api/register/state': ok(STATE),
      'GET /api/user/zizhi': ok([]),
    });
    const user = userEvent.setup();
    open('/register/step1');
    await user.type(await screen.findByLabelText('用户名', {}, { timeout: 10_000 }), 'newshop');
    await user.type(screen.getByLabelText('设置密码'), 'abc12345');
    await user.type(screen.getByLabelText('确认密码'), 'abc12345');
    await user.type(screen.getByLabelText('手机号码'), '13900000009');
    await user.type(screen.getByLabelText('短信验证码'), '123456');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '下一步' }));

    await waitFor(() => expect(harness!.router.state.location.pathname).toBe('/register/step2'), {
      timeout: 5000,
    });
    expect(server.bodies('POST /api/register/account')).toEqual([
      {
        username: 'newshop',
        password: 'abc12345',
        mobile: '13900000009',
        code: '123456',
        agreement: '1',
      },
    ]);
    expect(await screen.findByText('企业信息', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('/register step 2', () => {
  const png = () =>
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])], 'licence.png', {
      type: 'image/png',
    });

  it('refuses a file over 5 MB or not JPG/PNG/PDF in the browser, and uploads a PNG as a multipart file', async () => {
    const uploaded = {
      id: 1,
      type: 'business_licence',
      type_name: '营业执照',
      number: '91330100MA2AAAAA1X',
      valid_from: null,
      valid_to: '2030-12-31',
      status: 'pending',
      status_name: '待审核',
      reject_reason: '',
      image: '/api/user/zizhi/1/file',
      mime: 'image/png',
      days_left: 1800,
      expired: false,
      expiring: false,
      created_at: '2026-11-23T10:00:00Z',
    };
    let docs: unknown[] = [];
    const server = stubServer({
      ...asVisitor,
      'GET /api/register/state': ok(STATE),
      'GET /api/user/zizhi': () => ok(docs),
      'POST /api/user/zizhi': () => {
        docs = [uploaded];
        return ok(uploaded);
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    open('/register/step2');
    const file = await screen.findByLabelText('证件文件', {}, { timeout: 10_000 });

    await user.upload(
      file,
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('文件不能超过5MB')).toBeInTheDocument();
    await user.upload(file, new File(['MZ fake exe'], 'virus.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('仅支持JPG、PNG或PDF格式的文件')).toBeInTheDocument();

    await user.upload(file, png());
    expect(await screen.findByText('已选择：licence.png')).toBeInTheDocument();
    await user.type(screen.getByLabelText('证件编号'), '91330100MA2AAAAA1X');
    await user.type(screen.getByLabelText('有效期至'), '2030-12-31');
    await user.click(screen.getByRole('button', { name: '上传证件' }));

    await waitFor(() => expect(server.calls('POST /api/user/zizhi')).toHaveLength(1));
    const [body] = server.bodies('POST /api/user/zizhi');
    expect(body).toMatchObject({
      type: 'business_licence',
      number: '91330100MA2AAAAA1X',
      valid_to: '2030-12-31',
      file_name: 'licence.png',
    });
    const sent = server.calls('POST /api/user/zizhi')[0]?.form?.get('file');
    expect(sent).toBeInstanceOf(File);
    expect(sent).toMatchObject({ name: 'licence.png', size: png().size });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('营业执照')).toBeInTheDocument();
  });

  it('saves the company, lists missing documents, and submits when complete', async () => {
    let missing = ['drug_licence'];
    const server = stubServer({
      ...asVisitor,
      'GET /api/register/state': ok(STATE),
      'GET /api/user/zizhi': ok([]),
      'POST /api/register/company': () => ok({ ...STATE, company_done: true, missing_documents: missing }),
      'POST /api/register/submit': ok({ ...STATE, status: 'pending', step: 3, missing_documents: [] }),
    });
    const user = userEvent.setup();
    open('/register/step2');
    await user.type(await screen.findByLabelText('企业名称', {}, { timeout: 10_000 }), '西湖康宁药店');
    await user.click(screen.getByRole('combobox', { name: '企业类型' }));
    await user.click(await screen.findByTitle('药店'));
    await user.type(screen.getByLabelText('联系人'), '李四');
    await user.type(screen.getByLabelText('联系电话'), '0571-88886666');
    await user.type(screen.getByLabelText('所在地区'), '浙江省杭州市西湖区');
    await user.type(screen.getByLabelText('详细地址'), '文三路100号');
    await user.type(screen.getByLabelText('营业执照号'), '91330100MA2AAAAA1X');
    await user.type(screen.getByLabelText('药品经营许可证号'), '浙AA5710001');
    await user.click(screen.getByRole('checkbox', { name: '化学药制剂' }));
    await user.click(screen.getByRole('checkbox', { name: '中成药' }));

    await user.click(screen.getByRole('button', { name: '提交审核' }));
    expect(await screen.findByText('还需上传：药品经营许可证')).toBeInTheDocument();
    expect(server.calls('POST /api/register/submit')).toHaveLength(0);
    expect(server.bodies('POST /api/register/company')[0]).toMatchObject({
      company: '西湖康宁药店',
      company_type: '药店',
      contact_phone: '0571-88886666',
      scope: ['化学药制剂', '中成药'],
    });

    missing = [];
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(harness!.router.state.location.pathname).toBe('/register/step3'), {
      timeout: 5000,
    });
    expect(server.calls('POST /api/register/submit')).toHaveLength(1);
    expect(await screen.findByText('注册资料已提交，等待审核', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('goes on to step 3 when the registration was handed in already', async () => {
    stubServer({
      ...asVisitor,
      'GET /api/register/state': ok({ ...STATE, status: 'pending', step: 3 }),
      'GET /api/user/zizhi': ok([]),
    });
    open('/register/step2');
    expect(await screen.findByText('注册资料已提交，等待审核', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(harness!.router.state.location.pathname).toBe('/register/step3');
  });

  it('tells an approved member the review is done, not to wait for it', async () => {
    stubServer({
      ...asVisitor,
      'GET /api/register/state': ok({ ...STATE, status: 'approved', step: 3, company_done: true }),
      'GET /api/user/zizhi': ok([]),
    });
    open('/register/step2');
    expect(await screen.findByText('资质审核已通过', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(harness!.router.state.location.pathname).toBe('/register/step3');
    expect(screen.queryByText(/等待审核/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去采购' })).toHaveAttribute('href', '/');
  });

  it('sends a visitor without an account back to step 1', async () => {
    stubServer({ ...asVisitor, 'GET /api/register/state': fail(10001, '请先登录', 401) });
    open('/register/dd/step2');
    expect(await screen.findByText('请先完成第一步：设置账户', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去设置' })).toHaveAttribute('href', '/register_dd');
  });
});
