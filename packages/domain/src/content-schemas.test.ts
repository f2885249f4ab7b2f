import { describe, expect, it } from 'vitest';
import {
  adInputSchema,
  articleListQuerySchema,
  hotSearchInputSchema,
  trackSchema,
} from './content-schemas.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('trackSchema', () => {
  it.each([
    [{ path: '/list/info/12' }, null],
    [{ path: '/cart', name: 'cart_step1', referrer: '/' }, null],
    [{}, '缺少页面路径'],
    [{ path: '' }, '缺少页面路径'],
    [{ path: 'list' }, '页面路径格式不正确'],
    [{ path: `/${'a'.repeat(4999)}` }, '页面路径过长'],
    [{ path: '/', name: 'x'.repeat(101) }, '路由名称过长'],
    [{ path: '/', referrer: 'x'.repeat(1001) }, '来源地址过长'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(trackSchema.safeParse(input))).toBe(message);
  });
});

describe('content links', () => {
  it.each([
    ['/search?keywords=a&type=0', null],
    ['https://example.com/a', null],
    ['', null],
    ['javascript:alert(1)', '链接格式不正确'],
    ['//evil.example', '链接格式不正确'],
  ])('hot-search url %s → %s', (url, message) => {
    expect(firstMessage(hotSearchInputSchema.safeParse({ name: '布洛芬', url }))).toBe(message);
  });

  it('requires an ad window that ends after it starts', () => {
    const base = { position: 'top', image: '/media/1' };
    expect(adInputSchema.safeParse({ ...base, starts_at: '2026-01-02', ends_at: '2026-01-01' }).success).toBe(
      false,
    );
    expect(adInputSchema.safeParse({ ...base, starts_at: '2026-01-01', ends_at: '2026-01-02' }).success).toBe(
      true,
    );
    expect(firstMessage(adInputSchema.safeParse({ ...base, position: 'nowhere' }))).toBe('广告位置不正确');
  });
});

describe('articleListQuerySchema', () => {
  it.each([
    [{}, undefined],
    [{ category_id: '' }, undefined],
    [{ category_id: '3' }, 3],
  ])('%j → category %s', (input, id) => {
    expect(articleListQuerySchema.parse(input).category_id).toBe(id);
  });
});
