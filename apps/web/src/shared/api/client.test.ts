import qs from 'qs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '../../test/fetch-stub';
import { setFeedback, type AlertOptions } from '../ui/feedback';
import { api } from './client';
import { ApiError } from './errors';
import { setNavigationBridge } from './navigation';

const shown = {
  error: vi.fn<(t: string) => void>(),
  warning: vi.fn<(t: string) => void>(),
  alert: vi.fn<(o: AlertOptions) => void>(),
};
const nav = {
  navigate: vi.fn(),
  reload: vi.fn(),
  onLoginRequired: vi.fn(),
  currentPath: () => '/order?page=2',
};
let restoreBridge: () => void;

beforeEach(() => {
  vi.clearAllMocks();
  setFeedback(shown);
  restoreBridge = setNavigationBridge(nav);
  document.cookie = 'XSRF-TOKEN=tok%2Ben; path=/';
});
afterEach(() => {
  setFeedback(null);
  restoreBridge();
  vi.useRealTimers();
});

const nothingShown = () => {
  expect(shown.error).not.toHaveBeenCalled();
  expect(shown.warning).not.toHaveBeenCalled();
  expect(shown.alert).not.toHaveBeenCalled();
  expect(nav.navigate).not.toHaveBeenCalled();
};

describe('requests', () => {
  it('GET sends params in the query, credentials, no CSRF header, and returns data', async () => {
    const { calls } = stubFetch(() => ok({ total: 3 }));
    await expect(api.get('api/cart/total', { ids: [1, 2], page: 2 })).resolves.toEqual({ total: 3 });
    const [call] = calls;
    expect(call?.path).toBe('/api/cart/total');
    expect(call?.query.getAll('ids[]')).toEqual(['1', '2']);
    expect(call?.credentials).toBe('include');
    expect(call?.headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it.each([200, 201])('treats code %i as success', async (code) => {
    stubFetch(() => ({ json: { code, msg: '', data: 'yes' } }));
    await expect(api.get('/api/x')).resolves.toBe('yes');
  });

  it('POST is form-encoded with nested arrays the server reads back, plus the CSRF header', async () => {
    const { calls } = stubFetch(() => ok(null));
    const lines = [
      { goods_id: 5, price: '12.50', number: 2, ck_id: 1 },
      { goods_id: 6, price: '3.00', number: 1, ck_id: 1 },
    ];
    await api.post('/api/cart', { params: lines, ids: [7, 8] });
    const [call] = calls;
    expect(call?.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call?.headers['X-XSRF-TOKEN']).toBe('tok+en');
    const raw = decodeURIComponent(call?.body ?? '');
    expect(raw).toContain('params[0][goods_id]=5');
    expect(raw).toContain('params[1][price]=3.00');
    expect(raw).toContain('ids[]=7&ids[]=8');
    expect(qs.parse(call?.body ?? '')).toEqual({
      params: lines.map((l) => ({
        goods_id: String(l.goods_id),
        price: l.price,
        number: String(l.number),
        ck_id: '1',
      })),
      ids: ['7', '8'],
    });
  });

  it('PUT is form-encoded and DELETE sends params in the query, both with the CSRF header', async () => {
    const { calls } = stubFetch(() => ok(null));
    await api.put('/api/user/updateUserInfo', { name: '张三', phone: '13800138000' });
    await api.del('/api/user/logout', { all: 1 });
    expect(calls[0]?.method).toBe('PUT');
    expect(qs.parse(calls[0]?.body ?? '')).toEqual({ name: '张三', phone: '13800138000' });
    expect(calls[1]?.method).toBe('DELETE');
    expect(calls[1]?.query.get('all')).toBe('1');
    expect(calls.map((c) => c.headers['X-XSRF-TOKEN'])).toEqual(['tok+en', 'tok+en']);
  });

  it('upload sends multipart: fields named like a form body, the files as parts, the CSRF header', async () => {
    const { calls } = stubFetch(() => ok(null));
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const b = new File(['b'], 'b.png', { type: 'image/png' });
    await api.upload(
      '/api/order/8/return',
      { kind: 'return', lines: [{ line_id: 2, number: 1 }] },
      { photos: [a, b] },
    );
    const [call] = calls;
    expect(call?.method).toBe('POST');
    // The browser writes the multipart type with its boundary: the client must not set one.
    expect(call?.headers['Content-Type']).toBeUndefined();
    expect(call?.headers['X-XSRF-TOKEN']).toBe('tok+en');
    expect(call?.form?.get('lines[0][line_id]')).toBe('2');
    expect(qs.parse(call?.body ?? '')).toEqual({ kind: 'return', lines: [{ line_id: '2', number: '1' }] });
    expect(call?.form?.getAll('photos').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
  });
});

describe('SPEC §8 error catalogue', () => {
  it.each([
    ['code 10001', fail(10001, '请先登录', 401)],
    ['HTTP 401 without an envelope', { status: 401, text: 'Unauthorized' }],
  ] as const)('%s sends the visitor to /login with the way back', async (_label, reply) => {
    stubFetch(() => reply);
    await expect(api.get('/api/user/coupon')).rejects.toBeInstanceOf(ApiError);
    expect(nav.onLoginRequired).toHaveBeenCalled();
    expect(nav.navigate).toHaveBeenCalledWith('/login?redirect=%2Forder%3Fpage%3D2');
    expect(shown.alert).not.toHaveBeenCalled();
  });

  it('459 shows the message and goes to /dzht', async () => {
    stubFetch(() => fail(459, '请先签署电子合同', 403));
    await expect(api.post('/api/cart/checkout', { ids: [1] })).rejects.toMatchObject({ code: 459 });
    expect(shown.warning).toHaveBeenCalledWith('请先签署电子合同');
    expect(nav.navigate).toHaveBeenCalledWith('/dzht', undefined);
  });

  it('422 shows the first validation message with an error icon', async () => {
    stubFetch(() =>
      fail(422, '请输入正确的手机号码', 422, {
        errors: { phone: '请输入正确的手机号码', name: '请输入姓名' },
      }),
    );
    const error = await api.post('/api/user/updateUserInfo', {}).catch((e: unknown) => e);
    expect(shown.error).toHaveBeenCalledWith('请输入正确的手机号码');
    expect(error).toMatchObject({
      code: 422,
      msg: '请输入正确的手机号码',
      data: { errors: { name: '请输入姓名' } },
    });
  });

  it('422 without a msg falls back to the first of data.errors', async () => {
    stubFetch(() => fail(422, '', 422, { errors: { phone: ['手机号已注册', '其他'] } }));
    await expect(api.post('/api/x')).rejects.toMatchObject({ msg: '手机号已注册' });
    expect(shown.error).toHaveBeenCalledWith('手机号已注册');
  });

  it.each([
    ['code 500', fail(500, 'stack trace that must not show', 500)],
    ['code 503', fail(503, 'upstream down', 503)],
    ['a proxy HTML page with 502', { status: 502, text: '<html>Bad Gateway</html>' }],
    ['a non-JSON 200', { status: 200, text: '<!doctype html>' }],
  ] as const)('%s shows 系统繁忙，请稍候再试', async (_label, reply) => {
    stubFetch(() => reply);
    await expect(api.get('/api/goods/list')).rejects.toMatchObject({ msg: '系统繁忙，请稍候再试' });
    expect(shown.error).toHaveBeenCalledWith('系统繁忙，请稍候再试');
    expect(shown.alert).not.toHaveBeenCalled();
  });

  it('another failing code shows the server message in an alert titled 温馨提示', async () => {
    stubFetch(() => fail(400, '库存不足', 400, { goods_id: 5 }));
    const error = await api.post('/api/cart/quick_add/5').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, msg: '库存不足', data: { goods_id: 5 } });
    expect(shown.alert).toHaveBeenCalledWith({ title: '温馨提示', content: '库存不足' });
  });

  it('a network failure tells the user in an alert', async () => {
    stubFetch(() => 'network-error');
    await expect(api.get('/api/common')).rejects.toMatchObject({ code: 0 });
    expect(shown.alert).toHaveBeenCalledWith(
      expect.objectContaining({ title: '温馨提示', content: expect.stringContaining('网络') }),
    );
  });

  it('silent calls show nothing and do not navigate, but still throw', async () => {
    stubFetch(() => fail(10001, '请先登录', 401));
    await expect(api.get('/api/user/base', undefined, { silent: true })).rejects.toMatchObject({
      code: 10001,
    });
    nothingShown();
  });

  it('times out after 30 s with 请求超时，请刷新页面 and a 刷新 button that reloads', async () => {
    vi.useFakeTimers();
    stubFetch(() => 'pending');
    const pending = api.get('/api/goods/detail/1').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(shown.alert).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 408, msg: '请求超时，请刷新页面' });
    const options = shown.alert.mock.calls[0]?.[0];
    expect(options).toMatchObject({ title: '温馨提示', content: '请求超时，请刷新页面', okText: '刷新' });
    options?.onOk?.();
    expect(nav.reload).toHaveBeenCalledOnce();
  });
});
