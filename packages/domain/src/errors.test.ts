import { describe, expect, it } from 'vitest';
import { CODES, ERROR_KINDS, MESSAGES, isLoginCode, isServerErrorCode, isSuccessCode } from './errors.js';

describe('SPEC §8 codes', () => {
  it.each([
    [10000, true],
    [200, true],
    [201, true],
    [10001, false],
    [422, false],
    [500, false],
  ])('success(%i) = %s', (code, ok) => expect(isSuccessCode(code)).toBe(ok));

  it.each([
    [10001, true],
    [401, true],
    [403, false],
    [10000, false],
  ])('login(%i) = %s', (code, v) => expect(isLoginCode(code)).toBe(v));

  it.each([
    [500, true],
    [503, true],
    [599, true],
    [499, false],
    [600, false],
    [459, false],
  ])('server error(%i) = %s', (code, v) => expect(isServerErrorCode(code)).toBe(v));

  it('maps every failure kind to a code and an HTTP status', () => {
    expect(ERROR_KINDS.unauthenticated).toEqual({ code: 10001, http: 401 });
    expect(ERROR_KINDS.validation).toEqual({ code: 422, http: 422 });
    expect(ERROR_KINDS.eContract.code).toBe(459);
    expect(ERROR_KINDS.internal).toEqual({ code: 500, http: 500 });
    expect(CODES.ok).toBe(10000);
  });

  it('keeps the exact storefront texts', () => {
    expect(MESSAGES.systemBusy).toBe('系统繁忙，请稍候再试');
    expect(MESSAGES.timeout).toBe('请求超时，请刷新页面');
    expect(MESSAGES.alertTitle).toBe('温馨提示');
    expect(MESSAGES.favoriteAdded).toBe('收藏成功');
    expect(MESSAGES.favoriteCancelled).toBe('取消收藏成功');
    expect(MESSAGES.deleteConfirm).toBe('确定删除这件商品吗?');
  });
});
