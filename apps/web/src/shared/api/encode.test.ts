import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { appendQuery, encodeParams, normalizePath } from './encode';

// The server's own parser settings (apps/server/src/app.ts).
const serverParse = (body: string) => qs.parse(body, { arrayLimit: 1000, parameterLimit: 5000, depth: 5 });

describe('encodeParams', () => {
  it.each([
    ['plain fields', { username: 'demo', password: 'a b&c=d' }, 'username=demo&password=a%20b%26c%3Dd'],
    ['a list of ids', { ids: [1, 2] }, 'ids%5B%5D=1&ids%5B%5D=2'],
    [
      'a list of cart lines',
      { params: [{ goods_id: 5, number: 2 }] },
      'params%5B0%5D%5Bgoods_id%5D=5&params%5B0%5D%5Bnumber%5D=2',
    ],
    ['a nested object', { params: { number: 3 } }, 'params%5Bnumber%5D=3'],
    ['null as empty, undefined left out', { a: null, b: undefined, c: 0 }, 'a=&c=0'],
    ['booleans as words', { is_selected: true }, 'is_selected=true'],
    ['Chinese text', { name: '阿莫西林' }, `name=${encodeURIComponent('阿莫西林')}`],
    ['nothing', {}, ''],
  ])('%s', (_label, input, expected) => {
    expect(encodeParams(input)).toBe(expected);
  });

  it.each([
    { ids: ['1', '2', '3'] },
    {
      params: [
        { goods_id: '5', price: '12.50', number: '2', ck_id: '1', type: '3' },
        { goods_id: '6', price: '3.00', number: '1', ck_id: '2' },
      ],
    },
    { ids: ['9'], other_user_ids: ['3', '4'] },
    { filters: { keywords: '感冒 灵', page: '2' }, tags: [['a', 'b'], ['c']] },
    { name: '张三', phone: '13800138000', remark: '100% 正品 & 包邮' },
  ])('reads back unchanged through the server qs.parse: %j', (input) => {
    expect(serverParse(encodeParams(input))).toEqual(input);
  });
});

describe('paths', () => {
  it('adds a query to a path with or without one', () => {
    expect(appendQuery('/api/goods/list', 'page=2')).toBe('/api/goods/list?page=2');
    expect(appendQuery('/api/goods/list?yx=1', 'page=2')).toBe('/api/goods/list?yx=1&page=2');
    expect(appendQuery('/api/x', '')).toBe('/api/x');
  });

  it.each([
    ['api/cart/total', '/api/cart/total'],
    ['/api/cart/total', '/api/cart/total'],
    ['/api/goods/list?page=1', '/api/goods/list'],
  ])('normalizes %s', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });
});
