import qs from 'qs';
import { fail, ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';

/** A demo member as `GET /api/user/base` returns it. */
export const MEMBER = {
  show: true,
  id: 7,
  username: 'demo',
  name: '张三',
  phone: '13800000001',
  company: '杭州康宁大药房有限公司',
  rank: 2,
  is_passed: 1,
  message_count: 3,
  wechat: '0',
  address: '',
};

type Handler = (call: FetchCall, body: Record<string, unknown>) => StubReply;

/**
 * A stubbed server keyed by `METHOD /path`. Unknown calls answer 404 so a test notices a
 * call it did not expect; `body(…)` reads a form-encoded request back with qs.
 */
export function stubServer(routes: Record<string, Handler | StubReply>) {
  const stub = stubFetch((call) => {
    const route = routes[`${call.method} ${call.path}`];
    if (!route) return fail(404, `no stub for ${call.method} ${call.path}`, 404);
    return typeof route === 'function' ? route(call, qs.parse(call.body) as Record<string, unknown>) : route;
  });
  const calls = (key: string) => stub.calls.filter((c) => `${c.method} ${c.path}` === key);
  const bodies = (key: string) => calls(key).map((c) => qs.parse(c.body) as Record<string, unknown>);
  return { ...stub, calls, bodies };
}

export const asMember = { 'GET /api/user/base': ok(MEMBER) };
export const asVisitor = { 'GET /api/user/base': fail(10001, '请先登录', 401) };
export { fail, ok };
