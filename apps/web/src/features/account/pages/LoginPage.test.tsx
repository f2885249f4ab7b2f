import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import qs from 'qs';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, stubFetch, type FetchCall } from '../../../test/fetch-stub';
import { currentHandle, renderRoutes } from '../../../test/router-harness';
import { safeRedirect } from './LoginPage';

const MEMBER = { username: 'demo', company: '康采大药房', name: '张三' };

let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => harness?.unmount());

/** A server where demo / demo123456 logs in and the profile follows the session. */
function stubServer() {
  let loggedIn = false;
  const stub = stubFetch((call: FetchCall) => {
    if (call.path === '/api/login') {
      const body = qs.parse(call.body);
      if (body.username === 'demo' && body.password === 'demo123456') {
        loggedIn = true;
        return ok({ token: 't', user: MEMBER }, '登录成功');
      }
      return fail(400, '用户名或密码错误');
    }
    if (call.path === '/api/user/base') return loggedIn ? ok(MEMBER) : fail(10001, '请先登录', 401);
    if (call.path === '/api/focus/login')
      return ok({ id: 1, url: '/jfsc', image: '/media/login.png', title: '积分商城上线' });
    return ok(null);
  });
  const calls = (path: string) => stub.calls.filter((c) => c.path === path);
  return { ...stub, calls };
}

async function openLogin(path = '/login') {
  // Render the login page only: the home page (the landing after login) fetches its own data.
  harness = renderRoutes(path, { pages: (name) => name === 'login' });
  return screen.findByRole('textbox', { name: '用户名/手机号' }, { timeout: 10_000 });
}

describe('/login', () => {
  it('logs in, reads the profile afresh and goes home', async () => {
    const server = stubServer();
    const user = userEvent.setup();
    await user.type(await openLogin(), 'demo');
    await user.type(screen.getByLabelText('密码'), 'demo123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    const { router } = harness!;
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [login] = server.calls('/api/login');
    expect(login?.method).toBe('POST');
    expect(qs.parse(login?.body ?? '')).toEqual({ username: 'demo', password: 'demo123456' });
    expect(server.calls('/api/user/base').length).toBeGreaterThan(0);
    expect(currentHandle(router)?.name).toBe('home');
  });

  it('returns to the members-only page that sent the visitor here', async () => {
    stubServer();
    const user = userEvent.setup();
    harness = renderRoutes('/order/info/5', { pages: (name) => name === 'login' });
    const username = await screen.findByRole('textbox', { name: '用户名/手机号' }, { timeout: 10_000 });
    expect(harness.router.state.location.search).toBe('?redirect=%2Forder%2Finfo%2F5');
    await user.type(username, 'demo');
    await user.type(screen.getByLabelText('密码'), 'demo123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(harness!.router.state.location.pathname).toBe('/order/info/5'), {
      timeout: 5000,
    });
    expect(currentHandle(harness.router)?.name).toBe('order_wddd_info');
  });

  it('checks the form with the shared schema before calling the server', async () => {
    const server = stubServer();
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名或手机号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(server.calls('/api/login')).toHaveLength(0);
  });

  it('shows a wrong password in the 温馨提示 alert and stays', async () => {
    stubServer();
    const user = userEvent.setup();
    await user.type(await openLogin(), 'demo');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    const alert = await screen.findByRole('dialog');
    expect(within(alert).getAllByText('温馨提示').length).toBeGreaterThan(0);
    expect(within(alert).getByText('用户名或密码错误')).toBeInTheDocument();
    expect(harness!.router.state.location.pathname).toBe('/login');
  });

  it('links to registration and password recovery, and shows the login ad', async () => {
    stubServer();
    await openLogin();
    expect(screen.getByRole('link', { name: '免费注册' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: '忘记密码？' })).toHaveAttribute('href', '/forget');
    expect(await screen.findByRole('link', { name: '积分商城上线' })).toHaveAttribute('href', '/jfsc');
  });
});

describe('/login with an SMS code or WeChat', () => {
  it('logs in with the mobile and an SMS code of scene login', async () => {
    let loggedIn = false;
    const stub = stubFetch((call: FetchCall) => {
      if (call.path === '/api/user/create_code')
        return ok({ mobile: '13800000001', resend_after: 60, expires_in: 300 });
      if (call.path === '/api/login/sms') {
        loggedIn = true;
        return ok({ token: 't', user: MEMBER });
      }
      if (call.path === '/api/user/base') return loggedIn ? ok(MEMBER) : fail(10001, '请先登录', 401);
      return ok(null);
    });
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByText('短信登录'));
    await user.type(await screen.findByRole('textbox', { name: '手机号码' }), '13800000001');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await user.type(screen.getByRole('textbox', { name: '短信验证码' }), '123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(harness!.router.state.location.pathname).toBe('/'), { timeout: 5000 });
    const bodies = (path: string) => stub.calls.filter((c) => c.path === path).map((c) => qs.parse(c.body));
    expect(bodies('/api/user/create_code')).toEqual([{ mobile: '13800000001', scene: 'login' }]);
    expect(bodies('/api/login/sms')).toEqual([{ mobile: '13800000001', code: '123456' }]);
  });

  it('a WeChat with no account yet is offered registration', async () => {
    const stub = stubFetch((call: FetchCall) => {
      if (call.path === '/api/login/wechat')
        return fail(400, '该微信尚未绑定账号，请先注册', 400, { need_register: 1 });
      if (call.path === '/api/user/base') return fail(10001, '请先登录', 401);
      return ok(null);
    });
    harness = renderRoutes('/login?code=dev_abc&state=s1', { pages: (name) => name === 'login' });
    expect(await screen.findByText('该微信尚未绑定账号', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '微信注册' })).toHaveAttribute('href', '/register/wechat');
    expect(stub.calls.filter((c) => c.path === '/api/login/wechat')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('safeRedirect', () => {
  it.each([
    [null, '/'],
    ['/order?page=2', '/order?page=2'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/login?redirect=%2F', '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
