import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  emailSchema,
  fieldErrors,
  firstIssueMessage,
  landlineSchema,
  mobileSchema,
  phoneSchema,
} from './validation.js';

describe('mobile numbers (11 digits, 1 then 3–9)', () => {
  it.each([
    ['13800138000', true],
    ['19912345678', true],
    ['15000000000', true],
    ['12800138000', false],
    ['10800138000', false],
    ['1380013800', false],
    ['138001380000', false],
    ['23800138000', false],
    ['1380013800a', false],
    ['', false],
  ])('%s → %s', (v, ok) => expect(mobileSchema.safeParse(v).success).toBe(ok));
  it('says why', () =>
    expect(mobileSchema.safeParse('123').error?.issues[0]?.message).toBe('请输入正确的手机号码'));
});

describe('landlines (optional 0 + 2–3 digit area code and hyphen, then 7–8 digits)', () => {
  it.each([
    ['0571-88886666', true],
    ['010-12345678', true],
    ['021-1234567', true],
    ['88886666', true],
    ['1234567', true],
    ['0571-123456', false],
    ['05712-88886666', false],
    ['57-88886666', false],
    ['057188886666', false],
    ['123456789', false],
    ['0571_88886666', false],
  ])('%s → %s', (v, ok) => expect(landlineSchema.safeParse(v).success).toBe(ok));
});

describe('contact phone (mobile or landline)', () => {
  it.each([
    ['13800138000', true],
    ['0571-88886666', true],
    ['12345', false],
  ])('%s → %s', (v, ok) => expect(phoneSchema.safeParse(v).success).toBe(ok));
});

describe('e-mail (word characters, @, domain with a dot)', () => {
  it.each([
    ['buyer@kangcai.com', true],
    ['a.b-c@sub.example.com.cn', true],
    ['x_y@q.q', true],
    ['no-at.example.com', false],
    ['buyer@localhost', false],
    ['buyer@', false],
    ['@example.com', false],
    ['a b@example.com', false],
  ])('%s → %s', (v, ok) => expect(emailSchema.safeParse(v).success).toBe(ok));
});

describe('422 messages', () => {
  const form = z.object({ phone: mobileSchema, email: emailSchema });
  it('takes the first field message and lists every field', () => {
    const r = form.safeParse({ phone: '1', email: 'x' });
    expect(r.success).toBe(false);
    expect(firstIssueMessage(r.error!)).toBe('请输入正确的手机号码');
    expect(fieldErrors(r.error!)).toEqual({ phone: '请输入正确的手机号码', email: '请输入正确的邮箱地址' });
  });
});
